import { countClients, countMeetings, readDataBytes } from "@cm/db/queries/account-limits";
import { type QuotaUsage, readAccountUsage } from "@cm/db/queries/upload-quotas";
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody } from "../common-model";
import { findQuotaLimits } from "./account-quotas";
import { readCreations } from "./creation-rate";
import { AccountUsage } from "./model";

const present = (usage: QuotaUsage) => ({ ...usage, freesAt: usage.freesAt?.toISOString() ?? null });

/** A count against its limit (undefined: off), freeing up at `freesAt` (null: when something is deleted). */
function counted(used: number, limit: number | undefined, freesAt: Date | null = null) {
  if (limit === undefined) return { used, limit: null, left: null, freesAt: freesAt?.toISOString() ?? null };
  return { used, limit, left: Math.max(0, limit - used), freesAt: freesAt?.toISOString() ?? null };
}

/** The account's quotas, so the upload dialog can say a file will not fit before sending it. Never cached. */
export function usageRoutes(ctx: AppContext) {
  return new Elysia({ name: "usage" }).use(signedInMacro(ctx)).get(
    "/api/usage",
    async ({ user, set }) => {
      set.headers["cache-control"] = "no-store";
      const { plan, limits, counts } = await findQuotaLimits(ctx, user.id);
      const usage = await readAccountUsage(ctx.db.sql, user.id, limits);
      const creations = await readCreations(ctx, user.id);
      return {
        plan,
        storage: present(usage.storage),
        processing: present(usage.processing),
        queue: present(usage.queue),
        dataBytes: await readDataBytes(ctx.db.sql, user.id),
        meetings: counted(await countMeetings(ctx.db.sql, user.id), counts.meetings),
        clients: counted(await countClients(ctx.db.sql, user.id), counts.clients),
        creations: counted(
          Math.min(creations.count, counts.creationsPerMinute ?? creations.count),
          counts.creationsPerMinute,
          creations.closesAt,
        ),
        perItem: {
          noteCharacters: counts.noteCharacters ?? null,
          actionItemsPerMeeting: counts.actionItemsPerMeeting ?? null,
          contactsPerClient: counts.contactsPerClient ?? null,
        },
      } satisfies AccountUsage;
    },
    { signedIn: true, response: { 200: AccountUsage, 401: ErrorBody } },
  );
}
