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

export function parseStoredNextMeeting(text: string | null): { date: string | null; topics: string[] } | null {
  if (!text?.trim()) return null;
  try {
    const value = JSON.parse(text);
    if (value && typeof value === "object")
      return { date: value.date ?? null, topics: Array.isArray(value.topics) ? value.topics.map(String) : [] };
  } catch {
    // legacy text
  }
  const date = /^\s*Date:\s*(.+)$/im.exec(text)?.[1]?.trim() ?? null;
  const topics =
    /^\s*Topics:\s*(.+)$/im
      .exec(text)?.[1]
      ?.split(/[,;]\s*/)
      .filter(Boolean) ?? [];
  return date || topics.length ? { date, topics } : null;
}
