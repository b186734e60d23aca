import { type Static, t } from "elysia";

/**
 * GET /api/meetings/{id}/export: `format` pdf (the default), docx or md; `transcript=1` adds the transcript, `notes=1`
 * the advisor's private notes (left out unless asked for).
 */
export const ExportQuery = t.Object({
  format: t.Optional(t.String({ maxLength: 10 })),
  transcript: t.Optional(t.String({ maxLength: 5 })),
  notes: t.Optional(t.String({ maxLength: 5 })),
});
export type ExportQuery = Static<typeof ExportQuery>;

export const EXPORT_FORMATS = ["pdf", "docx", "md"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The exported file's bytes (PDF, Word or Markdown); not JSON. */
export const ExportBytes = t.Unknown({ description: "application/pdf, .docx or text/markdown bytes" });
