import type { Note } from "@cm/api/models";
import { useId, useState } from "react";
import useSWR from "swr";
import { noteKey } from "../../lib/meeting-page-keys";
import { useNoteAutosave } from "./use-note-autosave";

const STATUS_CLASS = "text-sm text-slate-500 dark:text-slate-400";

export function NotesTab({ meetingId }: { meetingId: number }) {
  // Read again on opening: a save sent as the previous page went away may have landed after this page was made.
  const { data, isLoading, error } = useSWR<Note>(noteKey(meetingId), { revalidateOnMount: true });
  // What the user typed; until then a text the server did not take, kept in this tab (a limit refused it, a save
  // failed), else the saved note. An answer to an older save never replaces it.
  const [content, setContent] = useState<string | null>(null);
  const autosave = useNoteAutosave(meetingId);
  const id = useId();
  const refusalId = `${id}-refusal`;

  // When the notes cannot be loaded the editor starts empty.
  const value = content ?? autosave.restored ?? (error ? "" : (data?.content ?? ""));

  function change(text: string) {
    setContent(text);
    autosave.edit(text);
  }

  return (
    <section className="card p-5">
      <div className="mb-2 flex items-center justify-between">
        <h3 className="font-semibold text-slate-900 dark:text-slate-100">
          <label htmlFor={id}>My Personal Notes</label>
        </h3>
        <span
          role="status"
          className={autosave.state === "failed" ? "text-sm text-red-600 dark:text-red-400" : STATUS_CLASS}
        >
          {autosave.state === "saving" ? "Saving..." : null}
          {autosave.state === "failed" ? "Not saved yet" : null}
        </span>
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
          aria-invalid={autosave.refusal ? true : undefined}
          aria-describedby={autosave.refusal ? refusalId : undefined}
          onChange={(e) => change(e.target.value)}
          // Leaving the editor (another tab, a link) sends what is typed without waiting for the autosave delay.
          onBlur={() => autosave.flush()}
        />
      )}
      {autosave.refusal && autosave.state === "failed" ? (
        // Why the text is not saved, where the advisor is looking; it stays in the editor and this tab until saved.
        <p id={refusalId} role="alert" className="mt-2 text-sm font-medium text-red-600 dark:text-red-400">
          {autosave.refusal}
        </p>
      ) : null}
    </section>
  );
}
