import type { ActionItem, MeetingSummary, NextMeeting } from "@cm/ai";

/** Stored forms of spec section 3: keyPoints and actionItems as JSON text, nextMeeting JSON or legacy text. */
export function serializeSummary(summary: MeetingSummary) {
  return {
    executiveSummary: summary.executiveSummary,
    keyPoints: JSON.stringify(summary.keyPoints),
    actionItems: JSON.stringify(summary.actionItems),
    nextMeeting: summary.nextMeeting ? JSON.stringify(summary.nextMeeting) : null,
    actionItemCount: summary.actionItems.length,
  };
}

export function parseKeyPoints(text: string | null): string[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [String(value)];
  } catch {
    return text
      .split("\n")
      .map((l) => l.replace(/^[-*•]\s*/, "").trim())
      .filter(Boolean);
  }
}

export function parseActionItems(text: string | null): ActionItem[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter((v) => v && typeof v === "object" && typeof v.task === "string")
      .map((v) => ({ task: v.task, assignee: typeof v.assignee === "string" ? v.assignee : "" }));
  } catch {
    return [];
  }
}

// A "Date:" / "Topics:" line, indented by spaces or tabs only. (`^\s*Date:` let `\s*` run across blank lines from
// every line start, quadratic in a run of newlines; it matched the same lines.)
const LEGACY_DATE_LINE = /^[^\S\n\r\u2028\u2029]*Date:\s*(.+)$/im;
const LEGACY_TOPICS_LINE = /^[^\S\n\r\u2028\u2029]*Topics:\s*(.+)$/im;

/** JSON `{date, topics}`, or the legacy plain text with a "Date:" line and a "Topics:" line. */
export function parseNextMeeting(text: string | null): NextMeeting | null {
  if (!text?.trim()) return null;
  try {
    const value = JSON.parse(text);
    if (value && typeof value === "object") {
      const topics = Array.isArray(value.topics)
        ? value.topics.map(String)
        : value.topics
          ? [String(value.topics)]
          : [];
      return { date: value.date ? String(value.date) : null, topics };
    }
  } catch {
    // legacy text below
  }
  const date = LEGACY_DATE_LINE.exec(text)?.[1]?.trim() ?? null;
  const topicsLine = LEGACY_TOPICS_LINE.exec(text)?.[1]?.trim();
  const topics = topicsLine ? topicsLine.split(/[,;]\s*/).filter(Boolean) : [];
  if (!date && topics.length === 0) return null;
  return { date, topics };
}
