// A signed-in browser context without going through the e-mail step (tested elsewhere).

import type { Browser, BrowserContext } from "playwright-core";
import { createSession } from "../../api/src/modules/auth/session-service";
import type { TestServer } from "../../api/test/test-server";
import { insertUser } from "../../db/src/queries/users";

let counter = 0;

export async function createSignedInUser(server: TestServer, fullName: string | null = "Morgan Reyes") {
  counter++;
  const username = `e2e${Date.now().toString(36)}${counter}`;
  const user = await insertUser(server.ctx.db.sql, {
    username,
    passwordHash: await Bun.password.hash("e2e-password-1"),
    email: `${username}@example.com`,
    fullName,
  });
  const sid = await createSession(server.ctx.db.sql, user.id);
  return { user, sid };
}

export async function signedInContext(
  browser: Browser,
  server: TestServer,
  options: { width?: number; height?: number } = {},
) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const { user } = await signInContext(context, server);
  return { context, user };
}

/** Signs an existing context in (e.g. one from openPage, which watches console errors). */
export async function signInContext(context: BrowserContext, server: TestServer, fullName?: string | null) {
  const { user, sid } = await createSignedInUser(server, fullName);
  await context.addCookies([{ name: "cm_session", value: sid, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  return { user, sid };
}
