// The two ways a route records what a person did: a read after it answered (there is no transaction to join), and a
// change inside the change's own transaction, with the person named as the author of any version it writes.
import type { Sql } from "@cm/db";
import { actingAs } from "@cm/db/queries/record-versions";
import type { AppContext } from "../../context";
import { auditOrigin } from "./audit-origin";
import { type AuditEntry, type AuditOrigin, recordAudit } from "./record-audit";

/** Who acts and from where: a signed-in person, in their own account. */
export interface AuditWho {
  accountId: number;
  actorUserId: number;
  from: AuditOrigin;
}

/** What a route says of its action: the rest of an entry. */
export type AuditWhat = Omit<AuditEntry, "accountId" | "actorUserId" | "from">;

export function auditWho(ctx: Pick<AppContext, "config">, request: Request, user: { id: number }): AuditWho {
  return { accountId: user.id, actorUserId: user.id, from: auditOrigin(ctx, request) };
}

/** Records a read (a page viewed, a recording played, a search asked) once it has been answered. */
export async function recordRead(sql: Sql, who: AuditWho, what: AuditWhat): Promise<void> {
  await recordAudit(sql, { ...who, ...what });
}

/**
 * Runs `work` in one transaction as `who` (versions it writes are theirs), then records what `describe` says of its
 * result in the same transaction; `describe` answers undefined when nothing was done (a row not found).
 */
export async function auditedChange<T>(
  sql: Sql,
  who: AuditWho,
  work: (tx: Sql) => Promise<T>,
  describe: (result: T, tx: Sql) => AuditWhat | undefined | Promise<AuditWhat | undefined>,
): Promise<T> {
  return actingAs(sql, who.actorUserId, async (tx) => {
    const result = await work(tx);
    const what = await describe(result, tx);
    if (what) await recordAudit(tx, { ...who, ...what });
    return result;
  });
}
