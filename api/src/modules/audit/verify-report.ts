// What `bun run audit:verify` checks and prints, apart from the script so a test can run it on either database.
import type { Sql } from "@cm/db";
import { type AuditVerification, verifyAllAuditChains, verifyAuditChain } from "./verify-audit-chain";

export type AuditReport = AuditVerification & { chains: number };

/** One account's chain, or every chain of the database. */
export async function verifyAudit(sql: Sql, accountId?: number): Promise<AuditReport> {
  if (accountId === undefined) return verifyAllAuditChains(sql);
  return { ...(await verifyAuditChain(sql, accountId)), chains: 1 };
}

export function describeVerification(result: AuditReport): string {
  if (result.ok)
    return `audit trail verified: ${result.rows} rows in ${result.chains} chain${result.chains === 1 ? "" : "s"}, every hash matches`;
  const bad = result.firstBadRow;
  const row = bad?.id === null ? `row ${bad?.seq} (missing)` : `row id ${bad?.id} (seq ${bad?.seq})`;
  return `audit trail BROKEN: account ${bad?.accountId}, ${row}: ${bad?.reason} (${result.rows} rows verified before it)`;
}
