// Pages for visitors only (/login, /register): a signed-in user asking for them goes to the dashboard, before any
// byte of the page; a visitor gets the page.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { registerAndSignIn } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
});
afterAll(() => server.stop());

test("signed in, /register and /login (with or without a query) redirect to the dashboard", async () => {
  for (const path of ["/register", "/register?step=1", "/login"]) {
    const response = await server.fetch(path, { headers: { cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
  }
});

test("a visitor gets the registration page", async () => {
  const response = await server.fetch("/register");
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("Create your account");
});
