// Every page in light and dark theme through axe-core (WCAG 2 A and AA, colour contrast included), page titles
// after client-side navigation, and what a new user meets first: the upload modal without clients, a small
// transcript's size, a meeting without key points, an upload's day without a made-up time.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import { startTestServer, type TestServer } from "../../api/test/test-server";
import { THEME_STORAGE_KEY } from "../src/components/theme/theme-script";
import { audit } from "./axe";
import { launchBrowser, screenshot, waitForHydration } from "./browser";
import { createSignedInUser } from "./session";

const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];

const CLIENT = "Hendricks Family Trust";
const MEETING_TITLE = "Quarterly portfolio review";
const UPLOADED_TITLE = "Tax planning call";
// Today at 14:30 local time, so the calendar's default day shows it with its time.
const AT_1430 = new Date(new Date().setHours(14, 30, 0, 0));
const AT_NOON = new Date(new Date().setHours(12, 0, 0, 0));

let server: TestServer;
let browser: Browser;
let sid: string;
let meetingId: number;
let uploadedId: number;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const signedIn = await createSignedInUser(server, "Morgan Reyes");
  sid = signedIn.sid;
  const sql = server.ctx.db.sql;
  const client = await seedClient(sql, signedIn.user.id, CLIENT);
  meetingId = await seedProcessedMeeting(sql, signedIn.user.id, client.id, { title: MEETING_TITLE, date: AT_1430 });
  // As the upload modal creates it: type "Uploaded", the chosen day at 12:00, and here no key points.
  uploadedId = await seedProcessedMeeting(sql, signedIn.user.id, client.id, {
    title: UPLOADED_TITLE,
    date: AT_NOON,
    type: "Uploaded",
    keyPoints: [],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A context in this theme (stored where the theme toggle stores it), signed in with `session` when given. */
async function newContext(theme: Theme, session?: string, width = 1280): Promise<BrowserContext> {
  // Axe is injected as an inline script: a content security policy must not stop it.
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [THEME_STORAGE_KEY, theme] as const,
  );
  if (session) {
    await context.addCookies([
      { name: "cm_session", value: session, url: server.url, httpOnly: true, sameSite: "Lax" },
    ]);
  }
  return context;
}

async function visit(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  await waitForHydration(page);
}

describe.each(THEMES)("WCAG 2 AA with axe-core, %s theme", (theme) => {
  test("public pages: landing, login, register, terms", async () => {
    const context = await newContext(theme);
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of ["/", "/login", "/register", "/terms"]) {
      await visit(page, path);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      found.push(...(await audit(page, `${theme} ${path}`)));
    }
    await context.close();
    expect(found).toEqual([]);
  });

  test("signed-in pages: dashboard, upload modal, clients, calendar, meeting tabs, search, help, 404, account", async () => {
    const context = await newContext(theme, sid);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const found: string[] = [];

    await visit(page, "/dashboard");
    await page.getByRole("link", { name: new RegExp(MEETING_TITLE) }).waitFor();
    found.push(...(await audit(page, `${theme} /dashboard`)));
    await page.getByRole("button", { name: "Upload Audio" }).click();
    await page.getByRole("dialog", { name: "Upload Audio Recording" }).getByText("Select Client").first().waitFor();
    found.push(...(await audit(page, `${theme} /dashboard upload modal`)));
    await page.keyboard.press("Escape");

    await visit(page, "/clients");
    await page.getByRole("button", { name: new RegExp(CLIENT) }).click();
    await page.getByText("Client Conversations").waitFor();
    await page.getByRole("heading", { name: MEETING_TITLE }).waitFor();
    found.push(...(await audit(page, `${theme} /clients (expanded)`)));

    await visit(page, "/calendar");
    await page.getByRole("link", { name: MEETING_TITLE }).waitFor();
    found.push(...(await audit(page, `${theme} /calendar`)));

    await visit(page, `/meetings/${meetingId}`);
    for (const tab of ["Summary", "Full Transcript", "My Notes"]) {
      await page.getByRole("tab", { name: tab }).click();
      await page.locator('[role="tabpanel"]:not([hidden])').first().waitFor();
      if (tab === "My Notes") await page.getByPlaceholder("Write your notes here...").waitFor();
      found.push(...(await audit(page, `${theme} /meetings/:id ${tab}`)));
    }

    for (const path of ["/search", "/settings", "/no/such/page"]) {
      await visit(page, path);
      found.push(...(await audit(page, `${theme} ${path}`)));
    }

    await visit(page, "/account");
    await page.getByRole("heading", { name: "Retention" }).waitFor();
    await page.getByRole("heading", { name: "Audit trail" }).waitFor();
    found.push(...(await audit(page, `${theme} /account`)));
    await context.close();
    expect(found).toEqual([]);
  }, 90_000);
});

describe("page titles", () => {
  test("each page has its own title, after a full load and after client-side navigation", async () => {
    const context = await newContext("light", sid);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const titleBecomes = (title: string) =>
      page.waitForFunction((expected) => document.title === expected, title, { timeout: 5_000 });

    await visit(page, "/dashboard");
    expect(await page.title()).toBe("Dashboard · Clearminute");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Clients" }).click();
    await titleBecomes("Clients · Clearminute");
    await nav.getByRole("link", { name: "Meeting Intelligence" }).click();
    await titleBecomes("Meeting Intelligence · Clearminute");
    await nav.getByRole("link", { name: "Help" }).click();
    await titleBecomes("Help · Clearminute");
    await nav.getByRole("link", { name: "Dashboard" }).click();
    await titleBecomes("Dashboard · Clearminute");
    // A meeting's page is titled with the meeting, followed from the dashboard.
    await page.getByRole("link", { name: new RegExp(MEETING_TITLE) }).click();
    await titleBecomes(`${MEETING_TITLE} · Clearminute`);
    await page.getByRole("button", { name: "← Back" }).click();
    await titleBecomes("Dashboard · Clearminute");
    // Full loads: the meeting's title once hydrated, a missing meeting, the 404 page.
    await visit(page, `/meetings/${meetingId}`);
    await titleBecomes(`${MEETING_TITLE} · Clearminute`);
    await visit(page, "/meetings/999999999");
    await titleBecomes("Meeting Not Found · Clearminute");
    await visit(page, "/no/such/page");
    expect(await page.title()).toBe("Page not found · Clearminute");
    expect(await page.evaluate(() => document.querySelectorAll("title").length)).toBe(1);
    await context.close();
  }, 60_000);
});

describe("what a new user meets first", () => {
  test("the upload modal without clients asks for one, creates it and selects it", async () => {
    const { sid: fresh } = await createSignedInUser(server, "Avery New");
    for (const theme of THEMES) {
      for (const width of [375, 1440]) {
        const context = await newContext(theme, fresh, width);
        const page = await context.newPage();
        await visit(page, "/dashboard");
        await page.getByRole("button", { name: "Upload Audio" }).click();
        const dialog = page.getByRole("dialog", { name: "Upload Audio Recording" });
        await dialog.getByText("Add a client first: every meeting belongs to a client.").waitFor();
        await screenshot(page, `upload-no-clients-${theme}-${width}`);
        await context.close();
      }
    }
    const context = await newContext("light", fresh);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await visit(page, "/dashboard");
    await page.getByRole("button", { name: "Upload Audio" }).click();
    const upload = page.getByRole("dialog", { name: "Upload Audio Recording" });
    await upload.getByRole("button", { name: "Add Client" }).click();
    const create = page.getByRole("dialog", { name: "Create New Client" });
    await create.getByPlaceholder("Enter client name").fill("Okafor Family Trust");
    await create.getByPlaceholder("E.g. Wealth Management, Legal Consultation").fill("Wealth Management");
    await create.getByRole("button", { name: "Create Client" }).click();
    await create.waitFor({ state: "hidden" });
    // Back in the upload modal, still open, with the new client chosen.
    await upload.getByRole("combobox", { name: "Select Client" }).waitFor();
    expect(await upload.getByRole("combobox", { name: "Select Client" }).textContent()).toContain(
      "Okafor Family Trust",
    );
    // A small transcript does not read "0.00 MB".
    await upload.getByTestId("audio-file-input").setInputFiles({
      name: "call.vtt",
      mimeType: "text/vtt",
      buffer: Buffer.from(`WEBVTT\n\n00:00.000 --> 00:02.000\n<v Morgan>Hello.\n`.repeat(40)),
    });
    await upload.getByText("call.vtt").waitFor();
    const size = await upload.getByText(/MB/).last().textContent();
    expect(size).toMatch(/^< 0\.01 MB \(\d+\.\d KB\)$/);
    await screenshot(page, "upload-small-file-light-1280");
    expect(await audit(page, "upload modal with a new client and a file")).toEqual([]);
    await context.close();
  }, 90_000);

  test("a meeting without key points says so; an upload's day shows no made-up time", async () => {
    const context = await newContext("light", sid);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await visit(page, `/meetings/${uploadedId}`);
    await page.getByText("No key points were found in this meeting.").waitFor();
    await visit(page, "/calendar");
    const rows = page.locator("section[aria-labelledby=day-title] li");
    await rows.filter({ hasText: MEETING_TITLE }).waitFor();
    expect(await rows.filter({ hasText: MEETING_TITLE }).textContent()).toContain("14:30");
    expect(await rows.filter({ hasText: UPLOADED_TITLE }).textContent()).not.toMatch(/\d\d:\d\d/);
    await context.close();
  });
});
