import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { SIGN_OUT_CLEAR_SITE_DATA } from "../auth/auth-routes";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, MessageBody } from "../common-model";
import { eraseOwnAccount } from "./account-erasure";

export const AccountDeleteBody = t.Object({ password: t.String({ minLength: 1, maxLength: 1000 }) });

/** DELETE /api/account { password }: the account and everything of it erased (issue 39). */
export function accountRoutes(ctx: AppContext) {
  return new Elysia({ name: "account" }).use(signedInMacro(ctx)).delete(
    "/api/account",
    async ({ body, set, user }) => {
      await eraseOwnAccount(ctx, user.id, body.password);
      // The session's row went with the account; the browser forgets the rest.
      set.headers["clear-site-data"] = SIGN_OUT_CLEAR_SITE_DATA;
      return { message: "Account deleted" };
    },
    {
      signedIn: true,
      body: AccountDeleteBody,
      response: { 200: MessageBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
    },
  );
}
