// Accounts in a real browser: free sign-up, sign-in with the e-mailed code, logout, wrong and expired codes.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { latestCodeFor } from "../../api/src/mail/mailer";
import { register } from "../../api/test/auth-helpers";
import { startTestServer, type TestServer } from "../../api/test/test-server";
import { launchBrowser, openPage, screenshot, waitForHydration } from "./browser";
import { signInContext } from "./session";

const WAIT = { timeout: 15_000 };
const VERIFICATION_FAILED = "The code you entered is invalid or has expired. Please try again.";
// Chromium logs every 4xx fetch as a console error; only the deliberately rejected codes may cause one.
const BAD_REQUEST_LOG = "Failed to load resource: the server responded with a status of 400 (Bad Request)";

let server: TestServer;
let browser: Browser;
/** The account the sign-up test creates through /register; the sign-in test uses it. */
let signedUp: { email: string; username: string; fullName: string; password: string } | undefined;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits for the visible toast with this exact title and returns its description. */
async function toastText(page: Page, title: string, role: "alert" | "status") {
  const toast = page.getByRole(role).filter({ has: page.getByText(title, { exact: true }) });
  await toast.waitFor({ state: "visible", ...WAIT });
  // Let the slide-in finish, so screenshots show the settled toast.
  await toast.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  return (await toast.locator('[data-part="description"]').textContent())?.trim();
}

/** The newest code mailed to `email`; the mail is written before /api/login answers, poll anyway. */
async function mailedCode(email: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const code = await latestCodeFor(server.ctx.config.dataDir, email);
    if (code || Date.now() > deadline) return code;
    await Bun.sleep(100);
  }
}

async function userIdOf(username: string) {
  const [row] = await server.ctx.db.sql<{ id: number }[]>`select id::int as id from users where username = ${username}`;
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

async function sessionCount(userId: number) {
  const [row] = await server.ctx.db.sql<{ count: number }[]>`
    select count(*)::int as count from sessions where (sess->>'userId')::bigint = ${userId}`;
  return row?.count ?? 0;
}

async function hasSessionCookie(page: Page) {
  return (await page.context().cookies(server.url)).some((cookie) => cookie.name === "cm_session");
}

/** Password step of /login; resolves once the code card is shown. */
async function submitCredentials(page: Page, account: { username: string; password: string }) {
  await page.goto(`${server.url}/login`);
  await waitForHydration(page);
  await page.locator("#username").fill(account.username);
  await page.locator("#password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("heading", { name: "Check your e-mail" }).waitFor(WAIT);
  expect(await toastText(page, "Verification required", "status")).toMatch(/^We sent a 6-digit verification code to /);
}

async function submitCode(page: Page, code: string) {
  await page.locator("#verification-code").fill(code);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
}

/** Console errors, minus at most one 400 log per code the server rejected (counted from the responses). */
function watchUnexpectedErrors(page: Page, errors: string[]) {
  let rejectedCodes = 0;
  page.on("response", (response) => {
    if (response.url().endsWith("/api/verify-login") && response.status() === 400) rejectedCodes++;
  });
  return () => {
    const badRequests = errors.filter((error) => error === BAD_REQUEST_LOG).length;
    expect(badRequests).toBeLessThanOrEqual(rejectedCodes);
    return errors.filter((error) => error !== BAD_REQUEST_LOG);
  };
}

test("a visitor signs up on the free plan in 3 steps and lands on /login", async () => {
  const { page, context, errors } = await openPage(browser);
  const id = Date.now().toString(36);
  const account = {
    email: `signup.${id}@example.com`,
    username: `signup_${id}`,
    fullName: "Robin Signup",
    password: "free-plan-pass-7",
  };
  await page.goto(`${server.url}/register`);
  await waitForHydration(page);

  await page.getByText("Step 1 of 3", { exact: true }).waitFor(WAIT);
  await page.locator("#email").fill(account.email);
  await page.locator("#username").fill(account.username);
  await page.locator("#full-name").fill(account.fullName);
  await page.locator("#terms").check();
  await page.getByRole("button", { name: "Continue" }).click();

  // No Stripe keys in the test server: payments are off and only the free plan can be chosen.
  await page.getByText("Step 2 of 3", { exact: true }).waitFor(WAIT);
  await page.getByText("Payments are not configured on this server.").waitFor(WAIT);
  expect(await page.locator("#registration-plan-free").isChecked()).toBe(true);
  expect(await page.locator("#registration-plan-premium").isDisabled()).toBe(true);
  await screenshot(page, "accounts-register-plan");
  await page.getByRole("button", { name: "Continue", exact: true }).click();

  await page.getByText("Step 3 of 3", { exact: true }).waitFor(WAIT);
  await page.locator("#password").fill(account.password);
  await page.locator("#confirm-password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();

  expect(await toastText(page, "Account setup complete", "status")).toBe(
    "Your free account has been created! You can now log in.",
  );
  await page.waitForURL((url) => url.pathname === "/login", WAIT);
  await page.getByRole("heading", { name: "Sign in" }).waitFor(WAIT);
  await screenshot(page, "accounts-register-done");

  const [row] = await server.ctx.db.sql<{ email: string; fullName: string; plan: string }[]>`
    select email, full_name as "fullName", subscription_plan as plan from users where username = ${account.username}`;
  expect(row).toEqual({ email: account.email, fullName: account.fullName, plan: "free" });
  expect(errors).toEqual([]);
  signedUp = account;
  await context.close();
});

test("the new account signs in with its password and the e-mailed code and reaches /dashboard", async () => {
  if (!signedUp) throw new Error("needs the account of the sign-up test (run the whole file)");
  const { page, context, errors } = await openPage(browser);
  await submitCredentials(page, signedUp);
  const code = await mailedCode(signedUp.email);
  expect(code).toMatch(/^\d{6}$/);
  await screenshot(page, "accounts-code-step");

  await submitCode(page, code ?? "");
  expect(await toastText(page, "Verification successful", "status")).toBe("You are now signed in.");
  await page.waitForURL((url) => url.pathname === "/dashboard", WAIT);
  // The shell shows who is signed in: the full name given at sign-up.
  await page.getByRole("complementary", { name: "Sidebar" }).getByText(signedUp.fullName).waitFor(WAIT);
  expect(await hasSessionCookie(page)).toBe(true);
  expect(await sessionCount(await userIdOf(signedUp.username))).toBe(1);
  await screenshot(page, "accounts-dashboard");
  expect(errors).toEqual([]);
  await context.close();
});

test("logging out shows 'Signing out...', ends the session and protected pages send to /login", async () => {
  const { page, context, errors } = await openPage(browser);
  const { user } = await signInContext(context, server, "Logan Outman");
  await page.goto(`${server.url}/dashboard`);
  await waitForHydration(page);
  expect(pathOf(page)).toBe("/dashboard");

  // Hold the server call until the test has seen the /logout page; it is otherwise gone within milliseconds.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/logout", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByText("Signing out...", { exact: true }).waitFor(WAIT);
  expect(pathOf(page)).toBe("/logout");
  await screenshot(page, "accounts-signing-out");
  release();

  await page.waitForURL((url) => url.pathname === "/login", WAIT);
  await page.getByRole("heading", { name: "Sign in" }).waitFor(WAIT);
  expect(await sessionCount(user.id)).toBe(0);
  expect(await hasSessionCookie(page)).toBe(false);

  await page.goto(`${server.url}/clients`);
  await waitForHydration(page);
  expect(pathOf(page)).toBe("/login");
  await page.getByRole("heading", { name: "Sign in" }).waitFor(WAIT);
  await screenshot(page, "accounts-logged-out");
  expect(errors).toEqual([]);
  await context.close();
});

test("arriving at /logout from a link signs nobody out; its Sign out button does", async () => {
  const { page, context, errors } = await openPage(browser);
  const { user } = await signInContext(context, server, "Linda Linked");
  // As another site would send the browser: a plain navigation to /logout.
  await page.goto(`${server.url}/logout`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign out" }).waitFor(WAIT);
  expect(await sessionCount(user.id)).toBe(1);
  expect(await hasSessionCookie(page)).toBe(true);
  await screenshot(page, "accounts-sign-out-button");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/login", WAIT);
  expect(await sessionCount(user.id)).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test("a wrong code shows 'Verification failed' and keeps the visitor on the code step", async () => {
  const account = await register(server);
  const { page, context, errors } = await openPage(browser);
  const unexpectedErrors = watchUnexpectedErrors(page, errors);
  await submitCredentials(page, account);
  const code = (await mailedCode(account.email)) ?? "";
  expect(code).toMatch(/^\d{6}$/);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  await submitCode(page, wrong);
  expect(await toastText(page, "Verification failed", "alert")).toBe(VERIFICATION_FAILED);
  await screenshot(page, "accounts-wrong-code");
  expect(pathOf(page)).toBe("/login");
  expect(await page.locator("#verification-code").inputValue()).toBe("");
  expect(await hasSessionCookie(page)).toBe(false);

  // The right code still works afterwards: the failure above was the wrong code, not a broken flow.
  await submitCode(page, code);
  await page.waitForURL((url) => url.pathname === "/dashboard", WAIT);
  expect(unexpectedErrors()).toEqual([]);
  await context.close();
});

test("an expired code shows 'Verification failed' and signs nobody in", async () => {
  const account = await register(server);
  const { page, context, errors } = await openPage(browser);
  const unexpectedErrors = watchUnexpectedErrors(page, errors);
  await submitCredentials(page, account);
  const code = (await mailedCode(account.email)) ?? "";
  expect(code).toMatch(/^\d{6}$/);
  const userId = await userIdOf(account.username);
  const expired = await server.ctx.db.sql`
    update verification_codes set expires_at = now() - interval '1 second' where user_id = ${userId} and not used`;
  expect(expired.count).toBe(1);

  await submitCode(page, code);
  expect(await toastText(page, "Verification failed", "alert")).toBe(VERIFICATION_FAILED);
  await screenshot(page, "accounts-expired-code");
  expect(pathOf(page)).toBe("/login");
  await page.getByRole("heading", { name: "Check your e-mail" }).waitFor(WAIT);
  expect(await hasSessionCookie(page)).toBe(false);
  expect(await sessionCount(userId)).toBe(0);
  expect(unexpectedErrors()).toEqual([]);
  await context.close();
});
