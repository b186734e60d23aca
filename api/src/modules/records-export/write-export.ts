// What an export holds, written into a ZipStream a meeting at a time: nothing of the account is held in memory but
// the page being written and the manifest's list of files.
import { createHash } from "node:crypto";
import { findTranscript } from "@cm/db/queries/meeting-content";
import { findNote } from "@cm/db/queries/notes";
import {
  type ExportMeeting,
  type ExportScope,
  listExportAuditRows,
  listExportMeetings,
} from "@cm/db/queries/records-export";
import { findSummary } from "@cm/db/queries/summaries";
import type { AppContext } from "../../context";
import { listExportExtras } from "./account-extras";
import { csvLine, emailMessage, pathSlug, readSegments, transcriptText, transcriptVtt } from "./export-files";
import { listSentEmails, listSummaryVersions } from "./kept-records";
import type { WrittenEntry, ZipStream } from "./zip-stream";

const MEETINGS_A_PAGE = 50;
const AUDIT_ROWS_A_PAGE = 1000;

export const MANIFEST_FORMAT = "clearminute-records-export/1";

export interface ExportRequest {
  userId: number;
  /** One client's records (or all clients'), meetings dated between from and to; or everything of the account. */
  scope: ExportScope | "account";
  withRecordings: boolean;
  at: Date;
}

export interface Manifest {
  format: string;
  exportedAt: string;
  accountId: number;
  scope: { kind: "account" } | { kind: "records"; clientId: number | null; from: string | null; to: string | null };
  recordings: boolean;
  meetings: number;
  files: WrittenEntry[];
  /** SHA-256 of the lines "<sha256>  <path>\n" of every file above, in order: the export's own digest. */
  exportSha256: string;
}

/** The export's own digest over its files' digests (as `sha256sum` prints them), for the manifest and the trail. */
export function exportDigest(files: readonly WrittenEntry[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(`${file.sha256}  ${file.path}\n`);
  return hash.digest("hex");
}

const AUDIT_HEADER = [
  "seq",
  "at",
  "actor_user_id",
  "action",
  "target_kind",
  "target_id",
  "client_id",
  "meeting_id",
  "ip",
  "user_agent",
  "details",
  "prev_hash",
  "hash",
];

/**
 * Writes the export's files and, last, its manifest.json (each file's SHA-256 and the export's own). `onMeeting`
 * runs after each meeting (the caller renews its lease and notices a client gone away).
 */
export async function writeRecordsExport(
  ctx: AppContext,
  request: ExportRequest,
  zip: ZipStream,
  onMeeting: () => Promise<void>,
): Promise<Manifest> {
  const files: WrittenEntry[] = [];
  const add = async (path: string, content: string | Uint8Array | AsyncIterable<Uint8Array>) => {
    files.push(await zip.add(path, content));
  };
  const scope: ExportScope = request.scope === "account" ? { clientId: null, from: null, to: null } : request.scope;
  if (request.scope === "account") {
    for (const [path, content] of await listExportExtras(ctx.db.sql, request.userId)) await add(path, content);
  }
  let meetings = 0;
  let afterId = 0;
  for (;;) {
    const page = await listExportMeetings(ctx.db.sql, request.userId, scope, afterId, MEETINGS_A_PAGE);
    for (const meeting of page) {
      await writeMeeting(ctx, request, meeting, add);
      meetings++;
      await onMeeting();
    }
    const last = page.at(-1);
    if (!last) break;
    afterId = last.id;
  }
  await add("audit-trail.csv", auditCsv(ctx, request));
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    exportedAt: request.at.toISOString(),
    accountId: request.userId,
    scope:
      request.scope === "account"
        ? { kind: "account" }
        : {
            kind: "records",
            clientId: request.scope.clientId,
            from: request.scope.from?.toISOString() ?? null,
            to: request.scope.to?.toISOString() ?? null,
          },
    recordings: request.withRecordings,
    meetings,
    files,
    exportSha256: exportDigest(files),
  };
  await zip.add("manifest.json", `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

type Add = (path: string, content: string | Uint8Array | AsyncIterable<Uint8Array>) => Promise<void>;

async function writeMeeting(ctx: AppContext, request: ExportRequest, meeting: ExportMeeting, add: Add) {
  const sql = ctx.db.sql;
  const folder = `meetings/${meeting.date.toISOString().slice(0, 10)}-${meeting.id}-${pathSlug(meeting.title)}`;
  await add(
    `${folder}/meeting.json`,
    `${JSON.stringify(
      {
        id: Number(meeting.id),
        title: meeting.title,
        date: meeting.date.toISOString(),
        createdAt: meeting.createdAt.toISOString(),
        status: meeting.status,
        durationSeconds: meeting.duration,
        client: { id: Number(meeting.clientId), name: meeting.clientName },
        legalHoldSince: meeting.legalHoldAt?.toISOString() ?? null,
        recordingKept: meeting.audioPath !== null,
      },
      null,
      2,
    )}\n`,
  );
  const transcript = await findTranscript(sql, meeting.id);
  if (transcript) {
    const segments = readSegments(transcript.segments);
    await add(`${folder}/transcript.txt`, transcriptText(transcript.fullText, segments));
    await add(`${folder}/transcript.vtt`, transcriptVtt(transcript.fullText, segments, meeting.duration));
  }
  const summary = await findSummary(sql, meeting.id);
  if (summary) await add(`${folder}/summary.json`, `${JSON.stringify(summary, null, 2)}\n`);
  for (const version of await listSummaryVersions(sql, request.userId, meeting.id)) {
    await add(`${folder}/versions/${version.name}`, version.content);
  }
  const note = await findNote(sql, request.userId, meeting.id);
  if (note?.content) await add(`${folder}/notes.txt`, note.content.endsWith("\n") ? note.content : `${note.content}\n`);
  for (const [index, email] of (await listSentEmails(sql, request.userId, meeting.id)).entries()) {
    const stamp = email.sentAt.toISOString().replaceAll(":", "-").slice(0, 19);
    await add(`${folder}/emails/${String(index + 1).padStart(3, "0")}-${stamp}.eml`, emailMessage(email));
  }
  if (request.withRecordings && meeting.audioPath) {
    const extension = meeting.audioPath.split(".").at(-1) ?? "bin";
    const stored = ctx.storage.read(meeting.audioPath);
    const stream = stored instanceof Blob ? stored.stream() : stored;
    await add(`${folder}/recording.${pathSlug(extension)}`, stream as unknown as AsyncIterable<Uint8Array>);
  }
}

/** The trail's rows concerning the export, as CSV, read a page at a time. */
async function* auditCsv(ctx: AppContext, request: ExportRequest): AsyncIterable<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode(csvLine(AUDIT_HEADER));
  let afterSeq = 0;
  for (;;) {
    const rows = await listExportAuditRows(ctx.db.sql, request.userId, request.scope, afterSeq, AUDIT_ROWS_A_PAGE);
    if (rows.length === 0) return;
    let text = "";
    for (const row of rows) {
      text += csvLine([
        row.seq,
        row.at,
        row.actorUserId,
        row.action,
        row.targetKind,
        row.targetId,
        row.clientId,
        row.meetingId,
        row.ip,
        row.userAgent,
        row.details,
        row.prevHash,
        row.hash,
      ]);
    }
    yield encoder.encode(text);
    afterSeq = Number(rows.at(-1)?.seq ?? afterSeq);
  }
}
