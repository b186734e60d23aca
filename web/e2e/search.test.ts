// Meeting Intelligence (/search) in headless Chromium, as the demo user with the seeded, indexed demo data.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { LEADS_WHEN_FOUND } from "../../ai/test-support/confidence-models";
import { DEFAULT_ASSETS_DIR } from "../../api/src/config";
import { createSession } from "../../api/src/modules/auth/session-service";
import { DEMO_USER_ID, ensureDemoAccount } from "../../api/src/seed/demo-account";
import { seedDemoData } from "../../api/src/seed/seed-demo-data";
import { ensureWebBuild, startTestServer, type TestServer } from "../../api/test/test-server";
import { audit } from "./axe";
import { ARTIFACTS_DIR, launchBrowser, openPage, screenshot, type WatchedPage, waitForHydration } from "./browser";

const HENDRICKS_QUESTION = "When was my last meeting with the Hendricks Family Trust?";
const EXAMPLES = [
  HENDRICKS_QUESTION,
  "What were the key points from all meetings in April?",
  "What action items came out of the meeting about investment review?",
  "Which clients did I meet with in the last month?",
];
const PLACEHOLDER = "Ask a question about your meetings or clients...";

let server: TestServer;
let browser: Browser;
let buildCopy: string;
let cookie: string;
let latestHendricks: { id: number; title: string };

/**
 * A private copy of web/dist, so a rebuild by another process during this file (the hashed names
 * change and the folder is emptied first) cannot pull the assets from under the running server.
 * Retried until the copy is complete: the manifest's files and every chunk they import are there.
 */
async function copyWebBuild(): Promise<string> {
  await ensureWebBuild();
  const source = join(DEFAULT_ASSETS_DIR, "..");
  for (let attempt = 0; ; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), "cm-e2e-search-dist-"));
    try {
      cpSync(source, dir, { recursive: true });
      const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as {
        entry: string;
        css: string;
        pages: Record<string, string>;
      };
      const assets = join(dir, "assets");
      const wanted = [manifest.entry, manifest.css, ...Object.values(manifest.pages)].map((u) =>
        u.replace("/assets/", ""),
      );
      for (const file of readdirSync(assets).filter((f) => f.endsWith(".js"))) {
        for (const m of readFileSync(join(assets, file), "utf8").matchAll(/["']\.\/(chunk-[a-z0-9]+\.js)["']/g)) {
          wanted.push(m[1]!);
        }
      }
      if (wanted.every((file) => existsSync(join(assets, file)))) return dir;
    } catch {
      // caught mid-rebuild: try again
    }
    rmSync(dir, { recursive: true, force: true });
    if (attempt >= 50) throw new Error("web/dist stayed incomplete: is a build failing?");
    await Bun.sleep(200);
  }
}

beforeAll(async () => {
  buildCopy = await copyWebBuild();
  // The page's rendering of answers, not the answer's confidence (fitted and tested apart): every answer found leads.
  server = await startTestServer({ ASSETS_DIR: join(buildCopy, "assets") }, { answerConfidence: LEADS_WHEN_FOUND });
  const sql = server.ctx.db.sql;
  // The demo account as the first start creates it: user id 1 with the sample clients and meetings, indexed.
  expect(await ensureDemoAccount(sql)).toBe(true);
  await seedDemoData(sql, DEMO_USER_ID);
  const meetings = await sql<{ id: number }[]>`select id from meetings where user_id = ${DEMO_USER_ID}`;
  for (const { id } of meetings) await server.ctx.indexer.indexMeeting(id);
  const [latest] = await sql<{ id: number; title: string }[]>`
    select m.id, m.title from meetings m join clients c on c.id = m.client_id
    where m.user_id = ${DEMO_USER_ID} and c.name = 'Hendricks Family Trust' order by m.date desc limit 1`;
  latestHendricks = latest!;
  cookie = await createSession(sql, DEMO_USER_ID);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (buildCopy) rmSync(buildCopy, { recursive: true, force: true });
});

async function openSearch(options: { width?: number; height?: number } = {}): Promise<WatchedPage> {
  const watched = await openPage(browser, options);
  await watched.context.addCookies([
    { name: "cm_session", value: cookie, url: server.url, httpOnly: true, sameSite: "Lax" },
  ]);
  const response = await watched.page.goto(`${server.url}/search`);
  expect(response?.status()).toBe(200);
  await waitForHydration(watched.page);
  return watched;
}

const messages = (page: Page) => page.locator("ul[aria-live] > li");

async function expectEmptyState(page: Page) {
  await page.getByRole("heading", { name: "How can I help?" }).waitFor({ state: "visible" });
  expect(await page.getByText("Ask me anything about your meeting transcripts and notes").isVisible()).toBe(true);
  expect(await page.locator("button.card").count()).toBe(4);
  for (const text of EXAMPLES) expect(await page.getByRole("button", { name: text }).isVisible()).toBe(true);
  expect(await page.getByRole("button", { name: "New Chat" }).count()).toBe(0);
  expect(await messages(page).count()).toBe(0);
}

/** Waits for the answer to be complete: `count` messages and no search pending (New Chat enabled, Send idle). */
async function waitForAnswer(page: Page, count: number) {
  await page.waitForFunction((n) => {
    const newChat = [...document.querySelectorAll("button")].find((b) => b.textContent === "New Chat");
    const input = document.querySelector("form input");
    return (
      document.querySelectorAll("ul[aria-live] > li").length === n &&
      newChat !== undefined &&
      !newChat.disabled &&
      (input as HTMLInputElement | null)?.value === ""
    );
  }, count);
}

/** The newest message ends above the sticky question bar, in the viewport. */
async function expectNewestMessageUncovered(page: Page) {
  const last = await messages(page).last().boundingBox();
  const form = await page.locator("form").boundingBox();
  const viewport = page.viewportSize()!;
  expect(last!.y + last!.height).toBeLessThanOrEqual(form!.y);
  expect(form!.y + form!.height).toBeLessThanOrEqual(viewport.height + 1);
}

/**
 * The newest answer can be read from its start: its top is below the (sticky, mobile) header and above the
 * question bar; an answer that fits between them is wholly in view.
 */
async function expectAnswerTopVisible(page: Page) {
  const answer = (await messages(page).last().boundingBox())!;
  const form = (await page.locator("form").boundingBox())!;
  const header = await page.locator("header").first().boundingBox();
  const top = header && header.height > 0 ? header.y + header.height : 0;
  expect(answer.y).toBeGreaterThanOrEqual(top - 1);
  expect(answer.y).toBeLessThan(form.y);
  if (answer.height <= form.y - top) expect(answer.y + answer.height).toBeLessThanOrEqual(form.y + 1);
}

/** The page scrolls the newest message into view smoothly; wait until it has stood still for half a second. */
async function waitForScrollToSettle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const timer = setInterval(() => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 10) {
            clearInterval(timer);
            resolve();
          }
        }, 50);
      }),
  );
}

test("the empty state, an example question answered as markdown with a source link, and the link to the meeting", async () => {
  const { page, context, errors } = await openSearch();
  // The page's heading can render just after hydration on a cold, loaded machine (CI): wait for it, then count it.
  await page.getByRole("heading", { name: "Meeting Intelligence" }).waitFor({ state: "visible" });
  await expect(page.getByRole("heading", { name: "Meeting Intelligence" }).count()).resolves.toBe(1);
  await expectEmptyState(page);
  expect(await page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
  await screenshot(page, "search-empty");

  await page.getByRole("button", { name: HENDRICKS_QUESTION }).click();
  await waitForAnswer(page, 2);
  expect(await messages(page).first().textContent()).toContain(HENDRICKS_QUESTION);
  // The assistant's reply is markdown rendered to elements, not raw syntax.
  const answer = messages(page).last();
  const answerText = (await answer.textContent()) ?? "";
  expect(answerText).not.toContain("](/meetings/");
  expect(answerText).not.toContain("**");
  expect(answerText).not.toMatch(/^#/m);
  // Dates read as words (a summary's next meeting "2027-02-18" is "February 18, 2027"), never as raw ISO days.
  expect(answerText).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  // The answer leads with the meeting's date and its list of what was said: headings only where it has sections.
  expect(await answer.locator("ul > li").count()).toBeGreaterThan(0);
  expect(await answer.locator("strong, em").count()).toBeGreaterThan(0);
  // The latest Hendricks meeting is cited, in the text and in the Sources list.
  const sourceLinks = answer.locator(`a[href="/meetings/${latestHendricks.id}"]`);
  expect(await sourceLinks.count()).toBeGreaterThanOrEqual(2);
  expect(await answer.getByText("Sources", { exact: true }).isVisible()).toBe(true);
  expect(await answer.getByRole("link", { name: latestHendricks.title, exact: true }).isVisible()).toBe(true);
  // Every message carries an hour:minute time.
  for (const text of await messages(page).locator("p.text-xs").allTextContents()) expect(text).toMatch(/^\d{2}:\d{2}$/);
  // The input is cleared after the answer, and Send is disabled while it is blank.
  expect(await page.getByPlaceholder(PLACEHOLDER).inputValue()).toBe("");
  expect(await page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
  await waitForScrollToSettle(page);
  await expectAnswerTopVisible(page);
  await screenshot(page, "search-answer");

  // Client-side navigation (no full page load) to that meeting's page.
  const loads: string[] = [];
  page.on("load", () => loads.push(page.url()));
  await sourceLinks.first().click();
  await page.waitForURL(`${server.url}/meetings/${latestHendricks.id}`);
  await page.getByRole("heading", { level: 1, name: latestHendricks.title }).waitFor({ state: "visible" });
  await page.getByRole("tab", { name: "Summary" }).waitFor({ state: "visible" });
  expect(await page.getByText("Hendricks Family Trust", { exact: true }).count()).toBeGreaterThan(0);
  expect(await page.getByText("Executive Summary").isVisible()).toBe(true);
  expect(loads).toEqual([]);
  await screenshot(page, "search-source-meeting");

  expect(errors).toEqual([]);
  await context.close();
});

test("while a search is pending the question shows with 'Searching for insights...'; Send and New Chat wait", async () => {
  const { page, context, errors } = await openSearch();
  await page.getByRole("button", { name: EXAMPLES[3]! }).click();
  await waitForAnswer(page, 2);

  // Hold the next answer back until the pending state has been checked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/search", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByPlaceholder(PLACEHOLDER).fill("And what did we discuss with them?");
  await page.getByRole("button", { name: "Send" }).click();
  await page.getByText("Searching for insights...").waitFor({ state: "visible" });
  expect(await page.getByText("Analyzing your meeting data").isVisible()).toBe(true);
  expect(await messages(page).nth(2).textContent()).toContain("And what did we discuss with them?");
  expect(await page.getByRole("button", { name: "New Chat" }).isDisabled()).toBe(true);
  expect(await page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
  await waitForScrollToSettle(page);
  await expectNewestMessageUncovered(page);
  await screenshot(page, "search-pending");
  await page.screenshot({ path: join(ARTIFACTS_DIR, "search-pending-viewport.png"), caret: "initial" });
  release();
  await waitForAnswer(page, 4);
  expect(await page.getByText("Searching for insights...").count()).toBe(0);
  expect(await messages(page).nth(2).textContent()).toContain("And what did we discuss with them?");

  expect(errors).toEqual([]);
  await context.close();
});

test("at 375 px a typed follow-up continues the conversation; New Chat clears it back to the examples", async () => {
  const { page, context, errors } = await openSearch({ width: 375, height: 740 });
  await page.getByRole("button", { name: HENDRICKS_QUESTION }).click();
  await waitForAnswer(page, 2);
  const input = page.getByPlaceholder(PLACEHOLDER);
  await input.fill("And the one before that?");
  await input.press("Enter");
  await waitForAnswer(page, 4);
  expect(await messages(page).nth(2).textContent()).toContain("And the one before that?");
  // The follow-up is answered from the conversation: an earlier Hendricks meeting, not the latest again.
  const followUp = messages(page).nth(3);
  expect(await followUp.locator('a[href^="/meetings/"]').count()).toBeGreaterThan(0);
  expect(await followUp.locator(`a[href="/meetings/${latestHendricks.id}"]`).count()).toBe(0);
  // The header stays on one line: the button does not wrap.
  const newChat = await page.getByRole("button", { name: "New Chat" }).boundingBox();
  expect(newChat!.height).toBeLessThan(48);
  await waitForScrollToSettle(page);
  await expectAnswerTopVisible(page);
  await screenshot(page, "search-conversation-mobile");
  await page.screenshot({ path: join(ARTIFACTS_DIR, "search-conversation-mobile-viewport.png"), caret: "initial" });

  await page.getByRole("button", { name: "New Chat" }).click();
  await expectEmptyState(page);
  expect(await input.inputValue()).toBe("");

  expect(errors).toEqual([]);
  await context.close();
});

test("following a citation and coming back keeps the conversation; the follow-up sends it; New Chat forgets it", async () => {
  const { page, context, errors } = await openSearch({ width: 375, height: 740 });
  await page.getByRole("button", { name: HENDRICKS_QUESTION }).click();
  await waitForAnswer(page, 2);
  const answerText = await messages(page).last().textContent();

  // Into the cited meeting and back with the meeting page's own back button ...
  await messages(page).last().locator(`a[href="/meetings/${latestHendricks.id}"]`).first().click();
  await page.waitForURL(`${server.url}/meetings/${latestHendricks.id}`);
  await page.getByRole("button", { name: "← Back" }).click();
  await page.waitForURL(`${server.url}/search`);
  await waitForAnswer(page, 2);
  expect(await messages(page).first().textContent()).toContain(HENDRICKS_QUESTION);
  expect(await messages(page).last().textContent()).toBe(answerText);

  // ... and with the browser's back button, and after a reload of /search.
  await messages(page).last().locator(`a[href="/meetings/${latestHendricks.id}"]`).first().click();
  await page.waitForURL(`${server.url}/meetings/${latestHendricks.id}`);
  await page.goBack();
  await page.waitForURL(`${server.url}/search`);
  await waitForAnswer(page, 2);
  await page.reload();
  await waitForHydration(page);
  await waitForAnswer(page, 2);
  expect(await messages(page).last().textContent()).toBe(answerText);

  // The restored conversation continues: the follow-up carries the history.
  const request = page.waitForRequest((r) => r.url().endsWith("/api/search"));
  await page.getByPlaceholder(PLACEHOLDER).fill("And the one before that?");
  await page.getByRole("button", { name: "Send" }).click();
  const body = JSON.parse((await request).postData() ?? "{}") as { conversationHistory?: { role: string }[] };
  expect(body.conversationHistory?.map((m) => m.role)).toEqual(["user", "assistant"]);
  await waitForAnswer(page, 4);

  await page.getByRole("button", { name: "New Chat" }).click();
  await expectEmptyState(page);
  await page.reload();
  await waitForHydration(page);
  await expectEmptyState(page);

  expect(errors).toEqual([]);
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`at 375 px a long answer opens at its top, under an opaque header (${theme})`, async () => {
    const watched = await openPage(browser, { width: 375, height: 740 });
    const { page, context, errors } = watched;
    await context.addInitScript((value) => localStorage.setItem("theme", value), theme);
    await context.addCookies([{ name: "cm_session", value: cookie, url: server.url, httpOnly: true, sameSite: "Lax" }]);
    await page.goto(`${server.url}/search`);
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");

    await page.getByRole("button", { name: EXAMPLES[1]! }).click();
    await waitForAnswer(page, 2);
    await waitForScrollToSettle(page);
    const answer = (await messages(page).last().boundingBox())!;
    // Long: more than a screen. Its top is in view under the header, not scrolled past to its end.
    expect(answer.height).toBeGreaterThan(740);
    await expectAnswerTopVisible(page);
    expect(answer.y).toBeLessThan(740 / 2);
    // The short question stays in view above it.
    expect((await messages(page).first().boundingBox())!.y).toBeGreaterThanOrEqual(55);

    // The header hides what scrolls under it: an opaque background, no see-through blur.
    const header = page.locator("header").first();
    const style = await header.evaluate((el) => {
      const css = getComputedStyle(el);
      return { background: css.backgroundColor, filter: css.backdropFilter };
    });
    expect(style.background).toMatch(/^(rgb\(|oklch\((?![^)]*\/))/);
    expect(style.background).not.toMatch(/\/\s*0?\.\d|rgba\(/);
    expect(style.filter === "none" || style.filter === "").toBe(true);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `search-long-answer-mobile-${theme}.png`), caret: "initial" });
    // A conversation (question, answer, sources, timestamps) meets WCAG 2 AA in this theme too.
    expect(await audit(page, `/search conversation (${theme})`)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
}
