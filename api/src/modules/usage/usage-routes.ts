import { type QuotaUsage, readAccountUsage } from "@cm/db/queries/upload-quotas";
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody } from "../common-model";
import { findQuotaLimits } from "./account-quotas";
import { AccountUsage } from "./model";

const present = (usage: QuotaUsage) => ({ ...usage, freesAt: usage.freesAt?.toISOString() ?? null });

/** The account's quotas, so the upload dialog can say a file will not fit before sending it. Never cached. */
export function usageRoutes(ctx: AppContext) {
  return new Elysia({ name: "usage" }).use(signedInMacro(ctx)).get(
    "/api/usage",
    async ({ user, set }) => {
      set.headers["cache-control"] = "no-store";
      const { plan, limits } = await findQuotaLimits(ctx, user.id);
      const usage = await readAccountUsage(ctx.db.sql, user.id, limits);
      return {
        plan,
        storage: present(usage.storage),
        processing: present(usage.processing),
        queue: present(usage.queue),
      } satisfies AccountUsage;
    },
    { signedIn: true, response: { 200: AccountUsage, 401: ErrorBody } },
  );
}
