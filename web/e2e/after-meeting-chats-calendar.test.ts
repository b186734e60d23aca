// Issue 14 in headless Chromium: saved Meeting Intelligence conversations, "Prepare for next meeting" on a client's
// row, scheduling (a planned meeting, next meetings offered from summaries, the recording attached later, the
// iCalendar feed) and the navigation to every page, at desktop (1440) and mobile (375) widths.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { format } from "date-fns";
import type { Browser, Page } from "playwright-core";
import { seedDemoData } from "../../api/src/seed/seed-demo-data";
import { parseCalendarEvents } from "../../api/test/support/ical-events";
import type { TestServer } from "../../api/test/test-server";
import { audit } from "./axe";
import { launchBrowser, openPage, screenshot, type WatchedPage, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { createSignedInUser } from "./session";

const SAMPLE = join(import.meta.dir, "..", "..", "ai", "test-support", "transcripts", "portfolio-review.vtt");
const QUESTION = "When was my last meeting with the Hendricks Family Trust?";
const FOLLOW_UP = "What action items came out of it?";
const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 375, height: 740 };

let server: TestServer;
let browser: Browser;
let ownBuild: OwnBuildServer;
let sid: string;
let userId: number;

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-issue14-");
  server = ownBuild.server;
  const signedIn = await createSignedInUser(server);
  sid = signedIn.sid;
  userId = signedIn.user.id;
  await seedDemoData(server.ctx.db.sql, userId);
  const meetings = await server.ctx.db.sql<{ id: number }[]>`select id from meetings where user_id = ${userId}`;
  for (const { id } of meetings) await server.ctx.indexer.indexMeeting(id);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ownBuild?.stop();
});

async function open(path: string, size: { width: number; height: number }): Promise<WatchedPage> {
  const watched = await openPage(browser, size);
  await watched.context.addCookies([
    { name: "cm_session", value: sid, url: server.url, httpOnly: true, sameSite: "Lax" },
  ]);
  watched.page.setDefaultTimeout(15_000);
  await visit(watched.page, path);
  return watched;
}

async function visit(page: Page, path: string) {
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

async function expectToast(page: Page, title: string) {
  await page.locator("[data-scope=toast][data-part=root]").filter({ hasText: title }).first().waitFor();
}

async function expectNoAxeViolations(page: Page, label: string) {
  expect(await audit(page, label)).toEqual([]);
}

const chatMessages = (page: Page) => page.locator("ul[aria-live] > li");
/** The saved conversation's entry in a list: its title, then its last activity. */
const savedEntry = (page: Page) =>
  page.getByRole("button", { name: /^When was my last meeting with the Hendricks Family Trust\? .*ago/ });

/** The answer is complete: `count` messages and the question bar idle again. */
async function waitForAnswer(page: Page, count: number) {
  await page.waitForFunction((n) => {
    const input = document.querySelector("form input") as HTMLInputElement | null;
    const send = [...document.querySelectorAll("button")].find((b) => b.textContent === "Send");
    return document.querySelectorAll("ul[aria-live] > li").length === n && input?.value === "" && send !== undefined;
  }, count);
}

describe("saved conversations", () => {
  test("a conversation is saved, listed, reopened, kept across a citation, and continued (desktop)", async () => {
    const { page, context, errors } = await open("/search", DESKTOP);
    await page.getByRole("button", { name: "Past Conversations" }).click();
    await page.getByText("No saved conversations yet.").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: QUESTION }).click();
    await waitForAnswer(page, 2);
    // Listed under its first question.
    await page.getByRole("button", { name: "Past Conversations" }).click();
    const dialog = page.getByRole("dialog", { name: "Past Conversations" });
    await savedEntry(page).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // A new chat, then the saved one reopened from the list.
    await page.getByRole("button", { name: "New Chat" }).click();
    await page.getByRole("heading", { name: "How can I help?" }).waitFor();
    await page.getByRole("button", { name: "Past Conversations" }).click();
    await savedEntry(page).click();
    await waitForAnswer(page, 2);
    expect(await chatMessages(page).first().textContent()).toContain(QUESTION);
    // Following a citation and coming back keeps the conversation.
    const citation = chatMessages(page).nth(1).locator('a[href^="/meetings/"]').first();
    await citation.click();
    await page.waitForURL(/\/meetings\/\d+(?:\?t=\d+)?$/);
    await page.goBack();
    await page.waitForURL(/\/search$/);
    await waitForAnswer(page, 2);
    // Continued: the same saved conversation holds both questions.
    await page.getByPlaceholder("Ask a question about your meetings or clients...").fill(FOLLOW_UP);
    await page.getByRole("button", { name: "Send" }).click();
    await waitForAnswer(page, 4);
    const [saved] = await server.ctx.db.sql<{ n: number; conversations: number }[]>`
      select count(m.id)::int as n, count(distinct c.id)::int as conversations
      from conversations c join conversation_messages m on m.conversation_id = c.id where c.user_id = ${userId}`;
    expect(saved).toEqual({ n: 4, conversations: 1 });
    await page.getByRole("button", { name: "Past Conversations" }).click();
    await dialog.getByText("2 questions").waitFor();
    await expectNoAxeViolations(page, "past conversations dialog");
    await screenshot(page, "saved-conversations-desktop");
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  test("a new tab lists the saved conversations, which reopen and can be deleted (mobile)", async () => {
    const { page, context } = await open("/search", MOBILE);
    // The tab is new: no conversation on screen, the saved one in the list.
    await page.getByRole("heading", { name: "How can I help?" }).waitFor();
    await page.getByRole("button", { name: "Past Conversations" }).click();
    const entry = savedEntry(page);
    await entry.waitFor();
    await screenshot(page, "saved-conversations-mobile");
    await expectNoAxeViolations(page, "past conversations (mobile)");
    await entry.click();
    await waitForAnswer(page, 4);
    await page.getByRole("button", { name: "Past Conversations" }).click();
    await page.getByRole("button", { name: `Delete conversation: ${QUESTION}` }).click();
    await page.getByText("No saved conversations yet.").waitFor();
    await page.keyboard.press("Escape");
    // The open conversation was the deleted one: the chat starts anew.
    await page.getByRole("heading", { name: "How can I help?" }).waitFor();
    await context.close();
  }, 90_000);
});

describe("Prepare for next meeting", () => {
  for (const [label, size] of [
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ] as const) {
    test(`a client's row shows the last meeting, open items, promised topics and the date (${label})`, async () => {
      const { page, context, errors } = await open("/clients", size);
      await page.getByRole("button", { name: /Hendricks Family Trust/ }).click();
      await page.getByRole("button", { name: "Prepare for next meeting" }).click();
      const dialog = page.getByRole("dialog", { name: "Prepare for next meeting" });
      await dialog.getByRole("heading", { name: "Last meeting" }).waitFor();
      await dialog.getByRole("heading", { name: "Open action items" }).waitFor();
      const [last] = await server.ctx.db.sql<{ title: string; topics: string[] }[]>`
        select m.title, s.next_meeting -> 'topics' as topics from meetings m
        join clients c on c.id = m.client_id join summaries s on s.meeting_id = m.id
        where m.user_id = ${userId} and c.name = 'Hendricks Family Trust' order by m.date desc limit 1`;
      await dialog.getByRole("link", { name: last!.title }).first().waitFor();
      for (const topic of last!.topics) await dialog.getByText(topic, { exact: true }).waitFor();
      expect(await dialog.getByText("Assigned to:").count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page, `briefing (${label})`);
      await screenshot(page, `briefing-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});

describe("scheduling", () => {
  const TITLE = "Estate plan check-in";
  const day = new Date();
  day.setDate(day.getDate() + 2);
  const DAY = format(day, "yyyy-MM-dd");

  test("Schedule New Meeting plans a meeting shown on the calendar; a summary's next meeting plans in one click (desktop)", async () => {
    const { page, context, errors } = await open("/calendar", DESKTOP);
    await page.getByRole("button", { name: "Schedule New Meeting" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule New Meeting" });
    await dialog.getByRole("combobox", { name: "Select Client" }).click();
    await page.getByRole("option", { name: "Hendricks Family Trust" }).click();
    await dialog.getByLabel("Meeting Title").fill(TITLE);
    await dialog.getByLabel("Meeting Date").fill(DAY);
    await dialog.getByLabel("Meeting Time").fill("15:30");
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
    await expectToast(page, "Meeting scheduled");
    await page.getByRole("heading", { name: format(day, "EEEE, MMMM d, yyyy") }).waitFor();
    const item = page.locator("li").filter({ hasText: TITLE });
    await item.getByText("Scheduled", { exact: true }).waitFor();
    expect(await item.textContent()).toContain("15:30");
    await item.getByRole("button", { name: `Upload recording of ${TITLE}` }).waitFor();
    // The next meetings the demo summaries agreed on are offered; one click plans the first.
    const offered = page.getByRole("region", { name: "Next meetings from your summaries" });
    const first = offered.getByRole("button", { name: /^Schedule / }).first();
    const label = (await first.getAttribute("aria-label"))!;
    await first.click();
    await expectToast(page, "Meeting scheduled");
    await page.getByRole("button", { name: label }).waitFor({ state: "detached" });
    const [planned] = await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from meetings where user_id = ${userId} and status = 'Scheduled'`;
    expect(planned!.n).toBe(2);
    await expectNoAxeViolations(page, "calendar with planned meetings");
    await screenshot(page, "scheduling-desktop");
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  test("the subscription link serves the calendar without a session, and stops when revoked (desktop)", async () => {
    const { page, context } = await open("/calendar", DESKTOP);
    await page.getByRole("button", { name: "Create subscription link" }).click();
    const url = await page.getByLabel("Your private link (shown once)").inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await screenshot(page, "calendar-feed-desktop");
    const feed = await fetch(`${server.url}${new URL(url).pathname}`);
    expect(feed.status).toBe(200);
    const events = parseCalendarEvents(await feed.text());
    const planned = events.find((e) => e.summary === `${TITLE} · Hendricks Family Trust`);
    expect(planned?.start.getTime()).toBe(new Date(`${DAY}T15:30:00`).getTime());
    await page.getByRole("button", { name: "Revoke link" }).click();
    await page.getByRole("button", { name: "Create subscription link" }).waitFor();
    expect((await fetch(`${server.url}${new URL(url).pathname}`)).status).toBe(404);
    await context.close();
  }, 60_000);

  test("the planned meeting takes its recording: no second meeting is made (mobile)", async () => {
    const { page, context, errors } = await open("/calendar", MOBILE);
    await page.getByRole("button", { name: `${format(day, "MMMM d, yyyy")}, has meetings` }).click();
    await page.getByRole("button", { name: `Upload recording of ${TITLE}` }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Audio Recording" });
    expect(await dialog.getByLabel("Meeting Title").inputValue()).toBe(TITLE);
    expect(await dialog.getByLabel("Meeting Date").inputValue()).toBe(DAY);
    await screenshot(page, "scheduling-mobile");
    const [before] = await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from meetings where user_id = ${userId}`;
    await dialog.getByTestId("audio-file-input").setInputFiles(SAMPLE);
    await dialog.getByRole("button", { name: "Upload & Process" }).click();
    await expectToast(page, "File uploaded successfully");
    const [after] = await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from meetings where user_id = ${userId}`;
    expect(after!.n).toBe(before!.n);
    const [meeting] = await server.ctx.db.sql<{ status: string; date: Date }[]>`
      select status, date from meetings where user_id = ${userId} and title = ${TITLE}`;
    expect(meeting!.status).toBe("Processing");
    expect(meeting!.date.getTime()).toBe(new Date(`${DAY}T15:30:00`).getTime());
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("navigation", () => {
  const ENTRIES: [string, string][] = [
    ["Dashboard", "/dashboard"],
    ["Clients", "/clients"],
    ["Meetings", "/meetings"],
    ["Calendar", "/calendar"],
    ["Tasks", "/tasks"],
    ["Meeting Intelligence", "/search"],
    ["Account", "/account"],
    ["Help", "/settings"],
  ];

  test("the sidebar reaches every page (desktop)", async () => {
    const { page, context } = await open("/dashboard", DESKTOP);
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    expect(await nav.getByRole("link").allTextContents()).toEqual(ENTRIES.map(([label]) => label));
    await screenshot(page, "navigation-desktop");
    for (const [label, href] of ENTRIES) {
      await nav.getByRole("link", { name: label }).click();
      await page.waitForURL(`${server.url}${href}`);
      await nav.locator(`a[aria-current="page"][href="${href}"]`).waitFor();
    }
    await context.close();
  }, 60_000);

  test("the mobile menu holds every entry and reaches the Tasks page (mobile)", async () => {
    const { page, context } = await open("/dashboard", MOBILE);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    for (const [label] of ENTRIES) await menu.getByRole("link", { name: label }).waitFor({ state: "visible" });
    await screenshot(page, "navigation-mobile");
    await menu.getByRole("link", { name: "Tasks" }).click();
    await page.waitForURL(`${server.url}/tasks`);
    await context.close();
  }, 60_000);
});
