import { deleteClient } from "@cm/db/queries/clients";
import type { AppContext } from "../../context";
import { notFound } from "../../http-error";
import type { AuditWho } from "../audit/audited";
import { recordAudit } from "../audit/record-audit";
import { removeStoredFile } from "../meetings/meetings-service";
import { claimClientForDeletion, releaseDeletionClaim } from "../retention/deletion-guard";

/** Deletes a client and its meetings unless a legal hold or the retention schedule keeps them (403 naming the day). */
export async function removeClient(ctx: AppContext, userId: number, id: number, who?: AuditWho, now = new Date()) {
  if (!(await claimClientForDeletion(ctx.db.sql, userId, id, now, who?.from))) throw notFound("Client");
  try {
    const { deleted, audioPaths } = await deleteClient(ctx.db.sql, userId, id, async (tx) => {
      if (who) {
        await recordAudit(tx, { ...who, action: "client.deleted", target: { kind: "client", id }, clientId: id });
      }
    });
    if (!deleted) throw notFound("Client");
    for (const key of audioPaths) await removeStoredFile(ctx, key);
  } catch (error) {
    await releaseDeletionClaim(ctx.db.sql, "clients", id).catch(() => {});
    throw error;
  }
}
