import { useEffect, useState } from "react";
import { useAuth } from "../../lib/auth-context";
import { changesBetween, draftOf, type Summary, type SummaryDraft } from "./summary-draft";
import { clearSummaryDraft, type RestoredDraft, restoreSummaryDraft, saveSummaryDraft } from "./summary-draft-storage";

/**
 * The Edit notes form's state: the notes as opened (`initial`), the form (`draft`), and the copy kept in the
 * browser while it holds unsaved edits. Opening the form brings a kept copy back (`restored`).
 */
export function useSummaryDraft(meetingId: number, summary: Summary) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [initial] = useState(() => draftOf(summary));
  const [restored, setRestored] = useState<RestoredDraft | null>(() =>
    userId === null ? null : restoreSummaryDraft(userId, meetingId, initial),
  );
  const [draft, setDraft] = useState<SummaryDraft>(() => restored?.form ?? initial);
  const dirty = changesBetween(initial, draft) !== null;

  // Written on every change (not on leaving): a crash or a killed tab keeps the last keystroke too.
  useEffect(() => {
    if (userId === null) return;
    if (dirty) saveSummaryDraft(userId, meetingId, initial, draft);
    else clearSummaryDraft(userId, meetingId);
  }, [userId, meetingId, initial, draft, dirty]);

  /** Drops the kept copy: the edits were saved or cancelled. */
  const forget = () => {
    if (userId !== null) clearSummaryDraft(userId, meetingId);
  };
  return {
    initial,
    draft,
    setDraft,
    dirty,
    restored,
    forget,
    /** Throws the restored edits away: the form shows the notes as they are. */
    discard: () => {
      forget();
      setRestored(null);
      setDraft(initial);
    },
  };
}
