// The account's audit trail read back: a page at a time (newest first, by its place in the chain), or whole as CSV
// streamed a batch at a time, so a long trail is never held in memory.
import type { Sql } from "@cm/db";
import {
  type AuditListFilter,
  auditMentionsClient,
  type ListedAuditRow,
  listAuditRows,
} from "@cm/db/queries/audit-log";
import { findClient } from "@cm/db/queries/clients";
import { parseInstant } from "../../http/parse-instant";
import { badRequest, notFound } from "../../http-error";
import { AUDIT_ACTIONS, isAuditAction } from "./audit-actions";
import type { AuditLogEntry, AuditLogPage, AuditLogQuery } from "./model";

const DEFAULT_PAGE = 50;
const CSV_BATCH = 500;

/** The query's filters, each checked: a 400 names the field, a client not the user's is 404. */
export async function parseAuditFilter(sql: Sql, userId: number, query: AuditLogQuery): Promise<AuditListFilter> {
  if (query.action !== undefined && !isAuditAction(query.action)) {
    throw badRequest(`validation failed: action must be one of ${Object.keys(AUDIT_ACTIONS).join(", ")}`);
  }
  // A client deleted since is still asked about by its id in the account's own trail.
  if (
    query.clientId !== undefined &&
    !(await findClient(sql, userId, query.clientId)) &&
    !(await auditMentionsClient(sql, userId, query.clientId))
  ) {
    throw notFound("Client");
  }
  return {
    from: parseInstant(query.from, "from"),
    to: parseInstant(query.to, "to"),
    action: query.action,
    clientId: query.clientId,
    beforeSeq: parseCursor(query.cursor),
    limit: query.limit ?? DEFAULT_PAGE,
  };
}

function parseCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  const seq = Number(cursor);
  if (!Number.isSafeInteger(seq) || seq < 1 || String(seq) !== cursor) {
    throw badRequest("validation failed: cursor is not one this server gave out");
  }
  return seq;
}

export function presentAuditRow(row: ListedAuditRow): AuditLogEntry {
  return {
    id: row.id,
    seq: row.seq,
    at: row.at.toISOString(),
    action: row.action,
    label: isAuditAction(row.action) ? AUDIT_ACTIONS[row.action].label : row.action,
    actor: row.actorUserId === null ? null : { id: row.actorUserId, name: row.actorName },
    target: row.targetKind === null ? null : { kind: row.targetKind, id: row.targetId },
    clientId: row.clientId,
    meetingId: row.meetingId,
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

export async function listAuditPage(sql: Sql, userId: number, filter: AuditListFilter): Promise<AuditLogPage> {
  const rows = await listAuditRows(sql, userId, filter);
  const last = rows.length === filter.limit ? rows.at(-1) : undefined;
  return { entries: rows.map(presentAuditRow), nextCursor: last ? String(last.seq) : null };
}

const CSV_COLUMNS = [
  "seq",
  "at",
  "action",
  "label",
  "actor_id",
  "actor_name",
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
 * One CSV cell (RFC 4180). A cell a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an
 * apostrophe; the hashes are hex and never change.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  if ("=+-@\t\r".includes(text.charAt(0)) && text !== "") text = `'${text}`;
  const quote = text.includes('"') || text.includes(",") || text.includes("\n") || text.includes("\r");
  return quote ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(entry: AuditLogEntry): string {
  return `${[
    entry.seq,
    entry.at,
    entry.action,
    entry.label,
    entry.actor?.id,
    entry.actor?.name,
    entry.target?.kind,
    entry.target?.id,
    entry.clientId,
    entry.meetingId,
    entry.ip,
    entry.userAgent,
    entry.details,
    entry.prevHash,
    entry.hash,
  ]
    .map(csvCell)
    .join(",")}\r\n`;
}

/** The filtered trail as CSV, read a batch at a time as the client takes it. */
export function streamAuditCsv(sql: Sql, userId: number, filter: AuditListFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let beforeSeq = filter.beforeSeq;
  let headerSent = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`${CSV_COLUMNS.join(",")}\r\n`));
        return;
      }
      if (done) return;
      const rows = await listAuditRows(sql, userId, { ...filter, beforeSeq, limit: CSV_BATCH });
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((r) => csvLine(presentAuditRow(r))).join("")));
      beforeSeq = rows.at(-1)?.seq;
      if (rows.length < CSV_BATCH) {
        done = true;
        controller.close();
      }
    },
  });
}
