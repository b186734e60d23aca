import { isDraftSpeechEngine } from "@cm/ai/local";
import type { MeetingDetailRow, MeetingListRow } from "@cm/db/queries/meetings";

/** The first `n` sentences split on ". ", as the dashboard and client cards show them. */
function firstSentences(text: string, n: number): string {
  const parts = text.trim().split(". ");
  return parts.length > n ? `${parts.slice(0, n).join(". ")}.` : text.trim();
}

/**
 * A list item carries the flattened and nested variants clients read (client_name, client.name, executive_summary, ...), never a whole transcript, and
 * only as much text as a list shows: three sentences of the summary, or the transcript's start when there
 * is no summary yet. At 1,000 meetings that keeps the list a third of its former size.
 */
export function presentMeetingListItem(row: MeetingListRow) {
  const hasSummary = Boolean(row.executiveSummary?.trim());
  return {
    id: row.id,
    title: row.title,
    clientId: row.clientId,
    client_id: row.clientId,
    client_name: row.clientName,
    client: { id: row.clientId, name: row.clientName, type: row.clientType },
    date: row.date,
    timeKnown: row.timeKnown,
    duration: row.duration,
    type: row.type,
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    executive_summary: hasSummary ? firstSentences(row.executiveSummary!, 3) : row.executiveSummary,
    action_items: row.firstActionItems ?? [],
    action_item_count: row.actionItemCount,
    next_meeting: row.nextMeeting,
    transcript_preview: hasSummary ? null : row.transcriptPreview,
    // Notes are a draft until the advisor marks them reviewed (migration 024).
    reviewed: row.reviewedAt !== null,
    reviewedAt: row.reviewedAt === null ? null : new Date(row.reviewedAt).toISOString(),
    reviewedBy: row.reviewedBy,
  };
}

/** `speechService`: a (non-draft) speech service is configured, so a draft transcript can be made again. */
export function presentMeetingDetail(
  row: MeetingDetailRow,
  { speechService = false }: { speechService?: boolean } = {},
) {
  const base = presentMeetingListItem({
    ...row,
    date: row.date.toISOString(),
    createdAt: row.createdAt.toISOString(),
    firstActionItems: null,
  });
  const actionItems = row.actionItems;
  const draft = row.fullText !== null && isDraftSpeechEngine(row.transcriptEngine);
  return {
    ...base,
    executive_summary: row.executiveSummary,
    transcript_preview: row.transcriptPreview,
    action_items: actionItems,
    // A stored transcript file is no recording: /audio serves only audio, so no player for it.
    hasAudio: Boolean(row.audioPath) && row.sourceKind === "audio",
    sourceKind: row.sourceKind,
    editedParts: row.editedParts,
    redraftedParts: row.redraftedParts,
    summary:
      row.executiveSummary === null
        ? null
        : {
            executiveSummary: row.executiveSummary,
            keyPoints: row.keyPoints,
            decisions: row.decisions,
            actionItems,
            nextMeeting: row.nextMeeting,
            ...(row.possibleActionItems ? { possibleActionItems: row.possibleActionItems } : {}),
            engine: row.summaryEngine,
          },
    transcript:
      row.fullText === null
        ? null
        : { fullText: row.fullText, segments: row.segments ?? [], engine: row.transcriptEngine, draft },
    canTranscribeAgain: draft && speechService && row.sourceKind === "audio" && row.status !== "Processing",
    consent:
      row.consentMethod === null || row.consentConfirmedAt === null
        ? null
        : {
            method: row.consentMethod,
            note: row.consentNote,
            confirmedAt: new Date(row.consentConfirmedAt).toISOString(),
            confirmedBy: row.consentConfirmedBy,
          },
    source: row.source,
  };
}
