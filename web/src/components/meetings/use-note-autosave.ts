import type { Note } from "@cm/api/models";
import { useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { ApiError } from "../../lib/api-request";
import { useAuth } from "../../lib/auth-context";
import { noteKey } from "../../lib/meeting-page-keys";
import { toast } from "../../lib/toast";
import { clearNoteDraft, keepNoteDraft, readNoteDraft } from "./note-draft-storage";
import { createNoteSaver, type NoteSaver, type NoteSaveState } from "./note-saver";
import { limitRefusalMessage } from "./refusal-reason";

/** The cache may be gone with the whole app (a save answered after it unmounted): the note is saved all the same. */
function updateCache(update: () => Promise<unknown>) {
  try {
    void update().catch(() => undefined);
  } catch {
    // nothing left to update
  }
}

/** The spec's description of a failed save; a met limit (beyond the spec's cases) says the server's sentence. */
function failureDescription(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return "Authentication required. Please log in again.";
  return limitRefusalMessage(error) ?? "Failed to save notes";
}

/**
 * The note editor's autosave (note-saver.ts) with the spec's messages: "Notes saved", "Error saving notes". Leaving
 * the editor (unmount) sends what is unsaved at once and keeps it in the cache, so coming back shows it. A text the
 * server refused is kept with its reason (`refusal`, the server's sentence for a met limit) in the tab's storage
 * (note-draft-storage.ts) until a save succeeds; `restored` is such a text kept from before, for the editor to show
 * (read after the page is hydrated: the server's page shows the saved note).
 */
export function useNoteAutosave(meetingId: number) {
  const key = noteKey(meetingId);
  const { mutate } = useSWRConfig();
  // Read when a save answers: the saver is not made again when the account is known later.
  const userIdRef = useRef<number | null>(null);
  userIdRef.current = useAuth().user?.id ?? null;
  const [state, setState] = useState<NoteSaveState>("idle");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const saverRef = useRef<NoteSaver | null>(null);
  const latestRef = useRef<string | undefined>(undefined);

  useEffect(() => {
    latestRef.current = undefined;
    const saver = createNoteSaver(meetingId, {
      onSaved(note) {
        updateCache(() => mutate(key, note, { revalidate: false }));
        clearNoteDraft(userIdRef.current, meetingId);
        setRefusal(null);
        toast({ title: "Notes saved" });
      },
      onFailed(error, first) {
        const sentence = limitRefusalMessage(error) ?? null;
        setRefusal(sentence);
        if (latestRef.current !== undefined) {
          keepNoteDraft(userIdRef.current, meetingId, { content: latestRef.current, refusal: sentence });
        }
        if (first)
          toast({ title: "Error saving notes", description: failureDescription(error), variant: "destructive" });
      },
      onState: setState,
    });
    saverRef.current = saver;
    const kept = readNoteDraft(userIdRef.current, meetingId);
    setRestored(kept?.content ?? null);
    setRefusal(kept?.refusal ?? null);
    if (kept) {
      latestRef.current = kept.content;
      // A text a limit refused waits for a change; one a failure stopped is sent again.
      if (kept.refusal) saver.restore(kept.content);
      else saver.edit(kept.content);
    }
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
    /** A text the server did not take, kept in this tab from before (note-draft-storage.ts), else null. */
    restored,
    /** The server's sentence for the limit that refused the text shown (until it is saved), else null. */
    refusal,
    edit(text: string) {
      latestRef.current = text;
      saverRef.current?.edit(text);
    },
    flush() {
      saverRef.current?.flush();
    },
  };
}
