import type { Note } from "@cm/api/models";
import { useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { ApiError } from "../../lib/api-request";
import { noteKey } from "../../lib/meeting-page-keys";
import { toast } from "../../lib/toast";
import { createNoteSaver, type NoteSaver, type NoteSaveState } from "./note-saver";

/** The cache may be gone with the whole app (a save answered after it unmounted): the note is saved all the same. */
function updateCache(update: () => Promise<unknown>) {
  try {
    void update().catch(() => undefined);
  } catch {
    // nothing left to update
  }
}

/**
 * The note editor's autosave (note-saver.ts) with the spec's messages: "Notes saved", "Error saving notes". Leaving
 * the editor (unmount) sends what is unsaved at once and keeps it in the cache, so coming back shows it.
 */
export function useNoteAutosave(meetingId: number) {
  const key = noteKey(meetingId);
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<NoteSaveState>("idle");
  const saverRef = useRef<NoteSaver | null>(null);
  const latestRef = useRef<string | undefined>(undefined);

  useEffect(() => {
    latestRef.current = undefined;
    const saver = createNoteSaver(meetingId, {
      onSaved(note) {
        updateCache(() => mutate(key, note, { revalidate: false }));
        toast({ title: "Notes saved" });
      },
      onFailed(error) {
        const description =
          error instanceof ApiError && error.status === 401
            ? "Authentication required. Please log in again."
            : "Failed to save notes";
        toast({ title: "Error saving notes", description, variant: "destructive" });
      },
      onState: setState,
    });
    saverRef.current = saver;
    return () => {
      const latest = latestRef.current;
      const unsaved = saver.hasUnsaved();
      saver.flush();
      saver.dispose();
      saverRef.current = null;
      if (unsaved && latest !== undefined) {
        updateCache(() =>
          mutate(key, (note?: Note) => ({ meetingId, updatedAt: null, ...note, content: latest }), {
            revalidate: false,
          }),
        );
      }
    };
  }, [meetingId, key, mutate]);

  return {
    state,
    edit(text: string) {
      latestRef.current = text;
      saverRef.current?.edit(text);
    },
    flush() {
      saverRef.current?.flush();
    },
  };
}
