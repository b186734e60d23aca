// Walks an account's audit chain and recomputes every row's hash here, independently of the database's own function
// (migration 038 states the format): an edited row, a row taken out of the middle, rows cut off the end or a chain
// that starts later without an "audit.disposed" row saying why are each found, and the first such row is named.
import { createHash } from "node:crypto";
import type { Sql } from "@cm/db";
import {
  type AuditChainRow,
  findChainsWithoutHead,
  readAuditChain,
  readAuditDisposals,
  readAuditHeads,
} from "@cm/db/queries/audit-log";

export const GENESIS_HASH = "0".repeat(64);

export interface BadAuditRow {
  accountId: number;
  /** The row's id, or null when the row is missing (cut off the end). */
  id: number | null;
  seq: number;
  reason: string;
}

export interface AuditVerification {
  ok: boolean;
  /** Rows checked. */
  rows: number;
  firstBadRow: BadAuditRow | null;
}

const field = (value: string | null) => (value === null ? "~" : `${Buffer.byteLength(value, "utf8")}:${value}`);

/** The hash a row must carry: sha-256 of its fields in migration 038's order. */
export function hashAuditRow(row: AuditChainRow): string {
  const text = [
    String(row.accountId),
    String(row.seq),
    row.atMicros,
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
  ]
    .map(field)
    .join("");
  return createHash("sha256").update(`cm-audit-v1${text}`, "utf8").digest("hex");
}

const BATCH = 1000;

/** Verifies one account's chain against its head. */
export async function verifyAuditChain(sql: Sql, accountId: number): Promise<AuditVerification> {
  const [head] = await readAuditHeads(sql, accountId);
  const disposals = await readAuditDisposals(sql, accountId);
  let rows = 0;
  let previous: { seq: number; hash: string } | undefined;
  let afterSeq = 0;
  const bad = (row: { id: number | null; seq: number }, reason: string): AuditVerification => ({
    ok: false,
    rows,
    firstBadRow: { accountId, id: row.id, seq: row.seq, reason },
  });
  for (;;) {
    const batch = await readAuditChain(sql, accountId, afterSeq, BATCH);
    for (const row of batch) {
      if (!previous) {
        const start = startOf(row, disposals);
        if (start) return bad(row, start);
      } else if (row.seq !== previous.seq + 1) {
        return bad(row, `rows ${previous.seq + 1} to ${row.seq - 1} are missing before this row`);
      } else if (row.prevHash !== previous.hash) {
        return bad(row, "its previous hash is not the hash of the row before: one of the two was changed");
      }
      if (hashAuditRow(row) !== row.hash) return bad(row, "its content does not match its hash: it was changed");
      rows++;
      previous = { seq: row.seq, hash: row.hash };
    }
    if (batch.length < BATCH) break;
    afterSeq = batch.at(-1)?.seq ?? afterSeq;
  }
  const headSeq = head?.seq ?? 0;
  if ((previous?.seq ?? 0) !== headSeq || (previous && previous.hash !== head?.hash)) {
    const seq = (previous?.seq ?? 0) + 1;
    if (headSeq > (previous?.seq ?? 0)) return bad({ id: null, seq }, `rows ${seq} to ${headSeq} are missing`);
    return bad({ id: null, seq: previous?.seq ?? 0 }, "the chain's last row is not the one its head recorded");
  }
  return { ok: true, rows, firstBadRow: null };
}

/** Why the first row present cannot begin the chain, or undefined when it can. */
function startOf(row: AuditChainRow, disposals: { throughSeq: number; lastHash: string }[]): string | undefined {
  if (row.seq === 1) return row.prevHash === GENESIS_HASH ? undefined : "the first row does not begin the chain";
  const disposal = disposals.find((d) => Number(d.throughSeq) === row.seq - 1);
  if (!disposal) return `rows 1 to ${row.seq - 1} are missing and no disposal of them was recorded`;
  return disposal.lastHash === row.prevHash ? undefined : "its previous hash is not the one the disposal recorded";
}

/** Every chain in the database (`bun run audit:verify`): the first bad row of any. */
export async function verifyAllAuditChains(sql: Sql): Promise<AuditVerification & { chains: number }> {
  const heads = await readAuditHeads(sql);
  const [headless] = await findChainsWithoutHead(sql);
  if (headless) {
    const reason = "its chain has no head: the record of the chain's last row was removed";
    return { ok: false, rows: 0, firstBadRow: { ...headless, reason }, chains: heads.length + 1 };
  }
  let rows = 0;
  for (const head of heads) {
    const result = await verifyAuditChain(sql, head.accountId);
    rows += result.rows;
    if (!result.ok) return { ...result, rows, chains: heads.length };
  }
  return { ok: true, rows, firstBadRow: null, chains: heads.length };
}
