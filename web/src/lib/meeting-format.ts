import { format, parseISO } from "date-fns";

/** Status shown to the user (spec section 4). */
export function statusLabel(status: string): string {
  if (status === "Uploaded") return "Thinking...";
  if (status === "Processing") return "Processing...";
  return status;
}

export function statusTone(status: string): "green" | "red" | "yellow" {
  if (status === "Processed" || status === "completed") return "green";
  if (status === "Failed") return "red";
  return "yellow";
}

export const isPending = (status: string) => status === "Uploaded" || status === "Processing";

/** First n sentences, split on ". " as the spec says. */
export function firstSentences(text: string, n = 3): string {
  const parts = text.trim().split(". ");
  const head = parts.slice(0, n).join(". ");
  return parts.length > n && !head.endsWith(".") ? `${head}.` : head;
}

/** Preview: first three sentences of the executive summary, else the start of the transcript. */
export function summaryPreview(
  meeting: { executive_summary: string | null; transcript_preview: string | null },
  transcriptChars: number,
  fallback: string,
): string {
  if (meeting.executive_summary?.trim()) return firstSentences(meeting.executive_summary);
  if (meeting.transcript_preview?.trim()) return meeting.transcript_preview.slice(0, transcriptChars);
  return fallback;
}

export const formatLongDate = (iso: string) => format(new Date(iso), "MMMM d, yyyy");
export const formatShortDate = (iso: string) => format(new Date(iso), "MMM d, yyyy");

/** A next-meeting day ("2027-02-18") in words; other text (legacy "Date:" lines) is shown as written. */
export function formatNextMeetingDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? format(parseISO(date), "MMMM d, yyyy") : date;
}

/** Client name with the spec's fallbacks: flattened, then nested, then "Client". */
export function clientNameOf(meeting: {
  client_name?: string | null;
  client?: { name?: string | null } | null;
}): string {
  return meeting.client_name || meeting.client?.name || "Client";
}

/** The chosen day at 12:00 local time, so no time zone shifts it to another day. */
export function middayIso(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1, 12, 0, 0).toISOString();
}
