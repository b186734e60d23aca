import { latestVersionNumber } from "@cm/db/queries/record-versions";
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { badRequest, HttpError } from "../../http-error";
import { auditWho, recordRead } from "../audit/audited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { attachmentDisposition } from "./content-disposition";
import { renderMarkdown } from "./markdown-export";
import { loadMeetingDocument } from "./meeting-document";
import { EXPORT_FORMATS, ExportBytes, type ExportFormat, ExportQuery } from "./model";

const CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  md: "text/markdown; charset=utf-8",
};

/**
 * The longest transcript (in characters) a PDF or Word export lays out: about five hours of speech (an hour is some
 * 60,000). The PDF is written in slices, but the .docx's XML is built in one synchronous step that grows with the
 * text (about 1 s at ten hours, api/bench/export.ts); past this bound, Markdown (one linear pass) is the way out.
 */
export const MAX_LAID_OUT_TRANSCRIPT_CHARS = 300_000;

export const EXPORT_PROCESSING_MESSAGE = "This meeting is still being processed. Export it once its summary is ready.";

function parseFormat(value = "pdf"): ExportFormat {
  const format = value.trim().toLowerCase();
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw badRequest("validation failed: format must be pdf, docx or md");
  }
  return format as ExportFormat;
}

function parseFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "0" || value === "false") return false;
  if (value === "1" || value === "true") return true;
  throw badRequest(`validation failed: ${name} must be 1 or 0`);
}

/** Export of a meeting (issue 14): PDF, Word or Markdown, optionally with the transcript and the private notes. */
export function exportRoutes(ctx: AppContext) {
  return new Elysia({ name: "export" }).use(signedInMacro(ctx)).get(
    "/api/meetings/:id/export",
    async ({ params, query, request, user }) => {
      const format = parseFormat(query.format);
      const withTranscript = parseFlag("transcript", query.transcript);
      const withNotes = parseFlag("notes", query.notes);
      const doc = await loadMeetingDocument(ctx.db.sql, user.id, params.id, {
        withTranscript,
        withNotes,
        conflictMessage: EXPORT_PROCESSING_MESSAGE,
      });
      const transcriptChars = doc.transcript.reduce((sum, turn) => sum + turn.text.length, 0);
      if (format !== "md" && transcriptChars > MAX_LAID_OUT_TRANSCRIPT_CHARS) {
        throw new HttpError(
          413,
          "too large: this transcript is too long for a PDF or Word export (over 300,000 characters). Export it as Markdown, or without the transcript.",
          "too_large",
        );
      }
      // What it contained: the parts, and the version of each record it was made from (GET .../versions).
      await recordRead(ctx.db.sql, auditWho(ctx, request, user), {
        action: "meeting.exported",
        target: { kind: "meeting", id: doc.id },
        meetingId: doc.id,
        clientId: doc.clientId,
        details: {
          format,
          title: doc.title,
          parts: ["summary", ...(withTranscript ? ["transcript"] : []), ...(withNotes ? ["notes"] : [])],
          summaryVersion: await latestVersionNumber(ctx.db.sql, doc.id, "summary"),
          ...(withTranscript && { transcriptVersion: await latestVersionNumber(ctx.db.sql, doc.id, "transcript") }),
          ...(withNotes && { notesVersion: await latestVersionNumber(ctx.db.sql, doc.id, "notes") }),
        },
      });
      // The PDF and Word renderers (pdfkit, docx) load at the first such export, not with the server.
      const body: BodyInit =
        format === "pdf"
          ? (await import("./pdf-export")).renderPdf(doc)
          : format === "docx"
            ? ((await (await import("./docx-export")).renderDocx(doc)) as Uint8Array<ArrayBuffer>)
            : renderMarkdown(doc);
      return new Response(body, {
        headers: {
          "content-type": CONTENT_TYPES[format],
          "content-disposition": attachmentDisposition(doc.title, format),
          "cache-control": "private, no-store",
        },
      });
    },
    {
      signedIn: true,
      params: IdParams,
      query: ExportQuery,
      response: { 200: ExportBytes, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody },
    },
  );
}
