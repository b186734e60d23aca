import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { unauthorized } from "../../http-error";
import { findCurrentUser } from "./current-user";

/**
 * `{ signedIn: true }` on a route: the handler gets `user` (the session's user row), or the request answers 401
 * "Authentication required. Please log in again." (the notes page shows that text as is). Runs after validation,
 * as the handlers' own check did.
 */
export function signedInMacro(ctx: AppContext) {
  return new Elysia({ name: "auth.signed-in" }).macro({
    signedIn: {
      async resolve({ request, cookie }) {
        const user = await findCurrentUser(ctx, request, cookie);
        if (!user) throw unauthorized();
        return { user };
      },
    },
  });
}
