import type { FollowUpDraft, MeetingDetail } from "@cm/api/models";
import { format } from "date-fns";
import { useId, useState } from "react";
import useSWR from "swr";
import { displayName, useAuth } from "../../lib/auth-context";
import { isPending } from "../../lib/meeting-format";
import { toast } from "../../lib/toast";
import { downloadExport, EXPORT_FORMATS, type ExportFormat } from "./export-download";
import { FollowUpDialog } from "./follow-up-dialog";
import { ReviewStatus, UnreviewedNotice } from "./review-status";

/**
 * After the meeting: "Draft follow-up" (an editable e-mail to the client) and the exports (PDF, Word, Markdown,
 * optionally with the transcript and, only when ticked, the private notes), with the follow-ups already sent. Shown once the meeting is no longer processing.
 */
export function MeetingAfterActions({ meeting }: { meeting: MeetingDetail }) {
  const ready = !isPending(meeting.status);
  const key = ready ? `/api/meetings/${meeting.id}/follow-up` : null;
  const { data: draft, mutate } = useSWR<FollowUpDraft>(key, { revalidateOnFocus: false });
  const [drafting, setDrafting] = useState(false);
  const { user } = useAuth();
  const [withTranscript, setWithTranscript] = useState(false);
  const [withNotes, setWithNotes] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const transcriptId = useId();
  const notesId = useId();
  if (!ready) return null;

  async function exportAs(format: ExportFormat, label: string) {
    setExporting(format);
    try {
      await downloadExport(meeting.id, format, { transcript: withTranscript, notes: withNotes });
      toast({ title: "Export ready", description: `The ${label} file is downloading.` });
    } catch (error) {
      toast({ title: "Export failed", description: (error as Error).message, variant: "destructive" });
    } finally {
      setExporting(null);
    }
  }

  const lastSent = draft?.sent[0];
  const unreviewed = meeting.summary !== null && !meeting.reviewed;
  // The page's one review control sits just above where the notes leave it (follow-up, export), on every tab; the
  // follow-up dialog, which covers the page, repeats it.
  return (
    <>
      {meeting.summary ? <ReviewStatus meeting={meeting} /> : null}
      <section
        aria-label="After the meeting"
        className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm"
      >
        <div className="flex min-w-0 flex-col gap-1">
          <button type="button" className="btn-primary self-start" onClick={() => setDrafting(true)}>
            Draft follow-up
          </button>
          {lastSent ? (
            <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="follow-up-sent">
              Follow-up sent to {lastSent.to.join(", ")} on{" "}
              {format(new Date(lastSent.sentAt), "MMMM d, yyyy 'at' HH:mm")}
              {draft && draft.sent.length > 1 ? ` (${draft.sent.length} sent)` : ""}
            </p>
          ) : null}
        </div>
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Export</legend>
          <span className="font-medium text-slate-700 dark:text-slate-300">Export:</span>
          {EXPORT_FORMATS.map(({ format: kind, label }) => (
            <button
              key={kind}
              type="button"
              className="btn-secondary"
              disabled={exporting !== null}
              onClick={() => exportAs(kind, label)}
            >
              {exporting === kind ? "Exporting..." : label}
            </button>
          ))}
          <label htmlFor={transcriptId} className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
            <input
              id={transcriptId}
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 text-indigo-600"
              checked={withTranscript}
              onChange={(event) => setWithTranscript(event.target.checked)}
            />
            Include transcript
          </label>
          <label htmlFor={notesId} className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
            <input
              id={notesId}
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 text-indigo-600"
              checked={withNotes}
              onChange={(event) => setWithNotes(event.target.checked)}
            />
            Include my private notes
          </label>
        </fieldset>
        <FollowUpDialog
          meetingId={meeting.id}
          client={{ id: meeting.clientId, name: meeting.client_name }}
          draft={draft}
          advisorName={displayName(user)}
          notice={unreviewed ? <UnreviewedNotice meetingId={meeting.id} /> : undefined}
          open={drafting}
          onOpenChange={setDrafting}
          onSent={(sent) => mutate(draft && { ...draft, sent: [sent, ...draft.sent] }, { revalidate: true })}
        />
      </section>
    </>
  );
}
