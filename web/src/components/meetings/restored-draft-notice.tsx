import { SUMMARY_PART_TITLES } from "../../lib/summary-edit";
import type { DraftPart } from "./summary-draft";
import type { RestoredDraft } from "./summary-draft-storage";

const titles = (parts: DraftPart[]) => parts.map((part) => SUMMARY_PART_TITLES[part] ?? part).join(", ");

/**
 * Says that the form shows edits kept from before (a reload, a link followed anyway), and whether the notes changed
 * on the server since, with a way to throw the edits away.
 */
export function RestoredDraftNotice({ restored, onDiscard }: { restored: RestoredDraft; onDiscard: () => void }) {
  const time = restored.savedAt.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  return (
    <div
      role="status"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-semibold">Unsaved edits restored</p>
      <p>Your edits from {time} were kept in this browser tab. They are not saved yet.</p>
      {restored.conflicts.length ? (
        <p className="font-medium">
          These notes were changed since then in {titles(restored.conflicts)}. The form shows your version; saving
          replaces the newer one.
        </p>
      ) : null}
      {restored.updated.length ? (
        <p>
          {titles(restored.updated)} changed since then; the form shows the newer version of{" "}
          {restored.updated.length > 1 ? "these parts" : "that part"}.
        </p>
      ) : null}
      <div>
        <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={onDiscard}>
          Discard my edits
        </button>
      </div>
    </div>
  );
}
