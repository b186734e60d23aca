// In production the session cookie is `__Host-` prefixed and Secure, whatever the scheme the proxy says.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { register, signIn } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    NODE_ENV: "production",
    SESSION_SECRET: "production-cookie-test-secret-0123456789",
  });
});
afterAll(async () => {
  await server?.stop();
});

test("the production session cookie is __Host-cm_session, Secure, HttpOnly, SameSite=Lax, Path=/", async () => {
  const account = await register(server);
  const cookie = await signIn(server, account);
  expect(cookie).toMatch(/^__Host-cm_session=|; __Host-cm_session=/);
  const me = await server.fetch("/api/auth/user", { headers: { cookie } });
  expect(((await me.json()) as { authenticated: boolean }).authenticated).toBe(true);

  const logout = await server.fetch("/api/logout", { method: "POST", headers: { cookie } });
  const cleared = logout.headers.getSetCookie().find((c) => c.startsWith("__Host-cm_session="));
  expect(cleared).toBeDefined();
  for (const attribute of ["Secure", "HttpOnly", "SameSite=Lax", "Path=/"]) expect(cleared).toContain(attribute);
  expect(cleared).not.toContain("Domain");
});

test("a session cookie without the prefix is not read in production", async () => {
  const account = await register(server);
  const cookie = await signIn(server, account);
  const bare = cookie.replace("__Host-cm_session=", "cm_session=");
  const me = await server.fetch("/api/auth/user", { headers: { cookie: bare } });
  expect(((await me.json()) as { authenticated: boolean }).authenticated).toBe(false);
});
