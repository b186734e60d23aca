import type { Note } from "@cm/api/models";
import { useEffect, useId, useRef, useState } from "react";
import useSWR from "swr";
import { ApiError, apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";

const AUTOSAVE_MS = 1000;

export function NotesTab({ meetingId }: { meetingId: number }) {
  const key = `/api/notes/meeting/${meetingId}`;
  const { data, isLoading, error, mutate } = useSWR<Note>(key);
  const [content, setContent] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  useEffect(() => () => clearTimeout(timer.current), []);
  // When the notes cannot be loaded the editor starts empty.
  const value = content ?? (error ? "" : (data?.content ?? ""));

  async function save(text: string) {
    setSaving(true);
    try {
      const saved = await apiRequest<Note>("POST", "/api/notes", { meetingId, content: text });
      await mutate(saved, { revalidate: false });
      toast({ title: "Notes saved" });
    } catch (err) {
      const description =
        err instanceof ApiError && err.status === 401
          ? "Authentication required. Please log in again."
          : "Failed to save notes";
      toast({ title: "Error saving notes", description, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  function change(text: string) {
    setContent(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(text), AUTOSAVE_MS);
  }

  return (
    <section className="card p-5">
      <div className="mb-2 flex items-center justify-between">
        <h3 className="font-semibold text-slate-900 dark:text-slate-100">
          <label htmlFor={id}>My Personal Notes</label>
        </h3>
        {saving ? <span className="text-sm text-slate-500 dark:text-slate-400">Saving...</span> : null}
      </div>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Add your own private notes about this meeting. Notes are saved automatically and available through Meeting
        Intelligence.
      </p>
      {isLoading && !data ? (
        <div className="flex h-40 items-center justify-center" role="status" aria-label="Loading notes">
          <div className="h-6 w-6 animate-spin rounded-full border-2 border-indigo-200 border-t-indigo-600" />
        </div>
      ) : (
        <textarea
          id={id}
          className="input min-h-48"
          placeholder="Write your notes here..."
          value={value}
          onChange={(e) => change(e.target.value)}
        />
      )}
    </section>
  );
}
