import type { MeetingDetail } from "@cm/api/models";
import { format } from "date-fns";
import { useState } from "react";
import { SUMMARY_PART_TITLES, useSummaryEditor } from "../../lib/summary-edit";
import { dismissToast, toast } from "../../lib/toast";
import { serverMessage } from "../auth/auth-errors";

const REVIEW_FAILED_KEY = "review-failed";

/** "Mark as reviewed": one PATCH; the page updates from its answer. */
function MarkReviewedButton({ meetingId, className }: { meetingId: number; className?: string }) {
  const edit = useSummaryEditor(meetingId);
  const [saving, setSaving] = useState(false);
  async function markReviewed() {
    setSaving(true);
    dismissToast(REVIEW_FAILED_KEY);
    try {
      await edit({ reviewed: true });
    } catch (error) {
      toast({
        key: REVIEW_FAILED_KEY,
        title: "Could not mark the notes reviewed",
        description: serverMessage(error),
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }
  return (
    <button type="button" className={className ?? "btn-secondary"} disabled={saving} onClick={markReviewed}>
      {saving ? "Saving..." : "Mark as reviewed"}
    </button>
  );
}

/** "Reviewed by Ana Ruiz on March 3, 2027". */
export function reviewedText(meeting: Pick<MeetingDetail, "reviewedAt" | "reviewedBy">): string {
  const on = meeting.reviewedAt ? ` on ${format(new Date(meeting.reviewedAt), "MMMM d, yyyy")}` : "";
  return `Reviewed by ${meeting.reviewedBy ?? "you"}${on}`;
}

/**
 * The meeting page's one review control, above the follow-up and the exports: "Draft" with "Mark as reviewed" until
 * the advisor has reviewed the notes, then who reviewed them and when; and, after a new draft, which parts it changed
 * (the advisor's own edits were kept).
 */
export function ReviewStatus({ meeting }: { meeting: MeetingDetail }) {
  // An answer from a server older than migration 024 has no such list.
  const changed = (meeting.redraftedParts ?? []).map((part) => SUMMARY_PART_TITLES[part] ?? part);
  return (
    <section aria-label="Review" className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
      {meeting.reviewed ? (
        <p className="font-medium text-emerald-800 dark:text-emerald-300" data-testid="review-state">
          {reviewedText(meeting)}
        </p>
      ) : (
        <>
          <p
            className="flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300"
            data-testid="review-state"
          >
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
              Draft
            </span>
            These notes are not reviewed yet. Check and correct them before they go to the client.
          </p>
          <MarkReviewedButton meetingId={meeting.id} />
        </>
      )}
      {changed.length > 0 ? (
        <p className="basis-full text-slate-600 dark:text-slate-400" data-testid="redrafted-parts">
          The new draft changed: {changed.join(", ")}. Your own edits were kept.
        </p>
      ) : null}
    </section>
  );
}

/** Said where notes leave the page (follow-up, export) while they are not reviewed, with the review one click away. */
export function UnreviewedNotice({ meetingId }: { meetingId: number }) {
  return (
    <div
      role="note"
      className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {/* At least 14rem of text: on a phone the button goes below rather than squeezing the sentence into a column. */}
      <p className="min-w-0 flex-1 basis-56">
        These notes are not reviewed yet. Review them before they go to the client.
      </p>
      <MarkReviewedButton meetingId={meetingId} />
    </div>
  );
}
