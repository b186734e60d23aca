/** The export formats the meeting page offers, with their button labels. */
export const EXPORT_FORMATS = [
  { format: "pdf", label: "PDF" },
  { format: "docx", label: "Word" },
  { format: "md", label: "Markdown" },
] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number]["format"];

/** What an export carries beyond the summary: both off unless the advisor ticks them (notes are private). */
export interface ExportOptions {
  transcript: boolean;
  notes: boolean;
}

export const exportUrl = (meetingId: number, format: ExportFormat, { transcript, notes }: ExportOptions) =>
  `/api/meetings/${meetingId}/export?format=${format}${transcript ? "&transcript=1" : ""}${notes ? "&notes=1" : ""}`;

/** The file name a Content-Disposition header gives: its RFC 5987 `filename*` when present, else `filename`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // a malformed escape: the plain name below
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] || fallback;
}

/** The server's message of a refused export ("still being processed", "not found"), else a general one. */
async function refusalMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string") return body.message;
  } catch {
    // not JSON
  }
  return "The export could not be made. Please try again.";
}

/** Fetches the export and hands it to the browser as a download; throws with a message to show on failure. */
export async function downloadExport(meetingId: number, format: ExportFormat, options: ExportOptions): Promise<void> {
  let response: Response;
  try {
    response = await fetch(exportUrl(meetingId, format, options), { credentials: "include" });
  } catch {
    throw new Error("The export could not be downloaded. Check your connection and try again.");
  }
  if (!response.ok) throw new Error(await refusalMessage(response));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameFrom(response.headers.get("content-disposition"), `meeting.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
