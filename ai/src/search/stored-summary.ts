/** Reads the stored summary fields (JSON text; legacy next-meeting text with Date:/Topics: lines). */
export function parseStoredList<T>(text: string | null): T[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

// A "Date:" / "Topics:" line, indented by spaces or tabs only. (`^\s*Date:` let `\s*` run across blank lines from
// every line start, quadratic in a run of newlines; it matched the same lines.)
const LEGACY_DATE_LINE = /^[^\S\n\r\u2028\u2029]*Date:\s*(.+)$/im;
const LEGACY_TOPICS_LINE = /^[^\S\n\r\u2028\u2029]*Topics:\s*(.+)$/im;

export function parseStoredNextMeeting(text: string | null): { date: string | null; topics: string[] } | null {
  if (!text?.trim()) return null;
  try {
    const value = JSON.parse(text);
    if (value && typeof value === "object")
      return { date: value.date ?? null, topics: Array.isArray(value.topics) ? value.topics.map(String) : [] };
  } catch {
    // legacy text
  }
  const date = LEGACY_DATE_LINE.exec(text)?.[1]?.trim() ?? null;
  const topics =
    LEGACY_TOPICS_LINE.exec(text)?.[1]
      ?.split(/[,;]\s*/)
      .filter(Boolean) ?? [];
  return date || topics.length ? { date, topics } : null;
}
