// Clients and meetings end to end: create a client, upload a transcript, read the processed meeting,
// keep a note, see it on the calendar and the meetings list, then delete the meeting and the client.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { format } from "date-fns";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { startTestServer, type TestServer, WITH_WORKER } from "../../api/test/test-server";
import { launchBrowser, openPage, screenshot, waitForHydration } from "./browser";
import { signInContext } from "./session";

const SAMPLE = join(import.meta.dir, "..", "..", "ai", "test-support", "transcripts", "portfolio-review.vtt");
const CLIENT_NAME = "Okafor Family Trust";
const CLIENT_TYPE = "Wealth Management";
const TITLE = "Annual portfolio review";
const NOTE = "Call Marcus after the trade list goes out; check the 529 change.";
// Today, so the meeting shows in Recent Activity and on the calendar's default day.
const TODAY = new Date();
const DAY = format(TODAY, "yyyy-MM-dd");

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
let meetingPath = "";

beforeAll(async () => {
  // The worker runs inside the server and processes the upload, as `bun run dev` does.
  server = await startTestServer(WITH_WORKER);
  browser = await launchBrowser();
  ({ page, context, errors } = await openPage(browser));
  await signInContext(context, server);
  page.setDefaultTimeout(10_000);
}, 60_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function visit(path: string) {
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

/** The toast region's card with this title; waits until it is visible. */
async function expectToast(title: string, description?: string) {
  const card = page.locator("[data-scope=toast][data-part=root]").filter({ hasText: title });
  await card.first().waitFor({ state: "visible", timeout: 10_000 });
  if (description) expect(await card.first().textContent()).toContain(description);
}

const statusBadge = (): Locator => page.locator("main header span.rounded-full").first();

describe("clients and meetings", () => {
  test("a client is created through the Create New Client dialog", async () => {
    await visit("/clients");
    await page.getByText("No clients yet").waitFor();
    await page.getByRole("button", { name: "Add Client" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Client" });
    await dialog.waitFor();
    await dialog.getByPlaceholder("Enter client name").fill(CLIENT_NAME);
    await dialog.getByPlaceholder("E.g. Wealth Management, Legal Consultation").fill(CLIENT_TYPE);
    await dialog.getByRole("button", { name: "Create Client" }).click();
    await expectToast("Success", "Client created successfully");
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("button", { name: new RegExp(CLIENT_NAME) });
    await row.waitFor();
    expect(await row.textContent()).toContain("0 meetings");
  });

  test("a transcript uploaded from the dashboard becomes a meeting", async () => {
    await visit("/dashboard");
    await page.getByText("No meetings have been recorded recently.").waitFor();
    await page.getByRole("button", { name: "Upload Audio" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Audio Recording" });
    await dialog.waitFor();
    await dialog.getByText("Upload an audio file from a meeting to have it transcribed and summarized.").waitFor();
    await dialog.getByRole("combobox", { name: "Select Client" }).click();
    await page.getByRole("option", { name: CLIENT_NAME }).click();
    await dialog.getByLabel("Meeting Title").fill(TITLE);
    await dialog.getByLabel("Meeting Date").fill(DAY);
    // A first choice replaced by another keeps the dialog and what was typed; the time the first recording gave
    // (its file's, today) goes with it, since a transcript file says nothing of when the meeting started.
    await dialog.getByTestId("audio-file-input").setInputFiles({
      name: "earlier-take.m4a",
      mimeType: "audio/mp4",
      buffer: Buffer.from("not really audio"),
    });
    await dialog.getByText("earlier-take.m4a").waitFor();
    expect(await dialog.getByLabel("Start Time (optional)").inputValue()).toMatch(/^\d\d:\d\d$/);
    await dialog.getByTestId("audio-file-input").setInputFiles(SAMPLE);
    await dialog.getByText("portfolio-review.vtt").waitFor();
    expect(await dialog.getByLabel("Meeting Title").inputValue()).toBe(TITLE);
    expect(await dialog.getByLabel("Start Time (optional)").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Remove" }).waitFor();
    await dialog.getByRole("button", { name: "Upload & Process" }).click();
    await expectToast("File uploaded successfully", "Your audio file is being processed and analyzed.");
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("link", { name: new RegExp(TITLE) });
    await row.waitFor();
    const text = (await row.textContent()) ?? "";
    expect(text).toContain(CLIENT_NAME);
    expect(text).toContain(format(TODAY, "MMMM d, yyyy"));
    meetingPath = new URL((await row.getAttribute("href")) ?? "", server.url).pathname;
    expect(meetingPath).toMatch(/^\/meetings\/\d+$/);
  });

  test("the meeting page reaches Processed after a few reloads", async () => {
    await visit(meetingPath);
    const deadline = Date.now() + 30_000;
    while ((await statusBadge().textContent()) !== "Processed") {
      if (Date.now() > deadline) throw new Error(`still ${await statusBadge().textContent()} after 30 s`);
      await page.waitForTimeout(500); // the engine needs about a second; reload as a user would
      await visit(meetingPath);
    }
    expect(await page.getByText("This may take a second. Try refreshing your screen in a moment.").count()).toBe(0);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(TITLE);
    expect(await page.locator("main header").textContent()).toContain(CLIENT_NAME);
    expect(await page.locator("main header").textContent()).toContain(format(TODAY, "MMMM d, yyyy"));
  });

  test("the summary tab shows the executive summary, key points and assigned action items", async () => {
    expect(await page.getByRole("tab", { name: "Summary" }).getAttribute("aria-selected")).toBe("true");
    const section = (title: string) =>
      page.locator("section.card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    const executive = ((await section("Executive Summary").textContent()) ?? "").replace("Executive Summary", "");
    expect(executive.trim().length).toBeGreaterThan(40);
    expect(await section("Key Points").locator("li").count()).toBeGreaterThan(0);
    const actions = section("Action Items").locator("li");
    expect(await actions.count()).toBeGreaterThan(0);
    expect(
      await section("Action Items")
        .getByText(/^Assigned to: \S/)
        .count(),
    ).toBeGreaterThan(0);
    await section("Next Meeting").waitFor();
    await screenshot(page, "meetings-summary");
  });

  test("the transcript tab shows segments with speakers and timestamps", async () => {
    await page.getByRole("tab", { name: "Full Transcript" }).click();
    await page.getByRole("heading", { name: "Full Transcript" }).waitFor();
    await page.getByRole("button", { name: "Copy Text" }).waitFor();
    // A transcript file is no recording: no player (it used to request /audio and get a 404).
    expect(await page.locator("audio").count()).toBe(0);
    const segments = page.locator("ol > li");
    expect(await segments.count()).toBe(15);
    expect(await segments.first().textContent()).toBe(
      "0:00Dana Whitfield: Good morning, Marcus. Thanks for coming in. Today I'd like to go through the annual portfolio review for the Okafor Family Trust.",
    );
    expect(await segments.nth(1).textContent()).toStartWith("0:07Marcus Okafor: ");
    expect(await segments.last().textContent()).toBe("2:30Marcus Okafor: March 12th works. Thanks, Dana.");
  });

  test("a note is saved automatically and is there after a reload", async () => {
    await page.getByRole("tab", { name: "My Notes" }).click();
    await page.getByText("My Personal Notes").waitFor();
    await page
      .getByText(
        "Add your own private notes about this meeting. Notes are saved automatically and available through Meeting Intelligence.",
      )
      .waitFor();
    const notes = page.getByPlaceholder("Write your notes here...");
    await notes.fill(NOTE);
    await expectToast("Notes saved");
    await visit(meetingPath);
    await page.getByRole("tab", { name: "My Notes" }).click();
    expect(await page.getByPlaceholder("Write your notes here...").inputValue()).toBe(NOTE);
  });

  test("the dashboard, /meetings, the clients page and the calendar list the meeting", async () => {
    await visit("/dashboard");
    const row = page.getByRole("link", { name: new RegExp(TITLE) });
    await row.waitFor();
    expect(await row.textContent()).toContain("Processed");
    for (const label of ["Processed Recordings", "Active Clients"]) {
      const card = page.locator(".card").filter({ hasText: label });
      expect(await card.textContent()).toBe(`${label}1`);
    }
    await screenshot(page, "meetings-dashboard");

    await visit("/meetings");
    expect(await page.getByRole("link", { name: new RegExp(TITLE) }).textContent()).toContain(CLIENT_NAME);

    await visit("/clients");
    const clientRow = page.getByRole("button", { name: new RegExp(CLIENT_NAME) });
    expect(await clientRow.textContent()).toContain("1 meeting");
    await clientRow.click();
    await page.getByText("Client Conversations").waitFor();
    const card = page.locator("article").filter({ hasText: TITLE });
    expect(await card.textContent()).toContain("Processed");
    expect(await card.getByText("Processing transcription...").count()).toBe(0);
    expect(await card.getByRole("link", { name: "View Details" }).getAttribute("href")).toBe(meetingPath);
    await screenshot(page, "meetings-clients");

    await visit("/calendar");
    await page.getByRole("button", { name: `${format(TODAY, "MMMM d, yyyy")}, has meetings` }).waitFor();
    const link = page.getByRole("link", { name: TITLE });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(meetingPath);
    const item = page.locator("li").filter({ has: link });
    // An upload has a day but no time: the 12:00 it is sent at is not shown.
    expect(await item.textContent()).not.toMatch(/\d\d:\d\d/);
    expect(await item.textContent()).toContain(CLIENT_NAME);
    await screenshot(page, "meetings-calendar");
  });

  test("the meeting is deleted through its confirmation dialog", async () => {
    await visit(meetingPath);
    await page.locator("main header").getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog
      .getByText(
        "Are you sure you want to delete this meeting? This action cannot be undone and will permanently remove the meeting, transcript, summary, and audio recording.",
      )
      .waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectToast("Meeting deleted", "The meeting and all associated data have been successfully deleted.");
    // The app goes to the root, which for a signed-in user is the dashboard.
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.getByText("No meetings have been recorded recently.").waitFor();
    expect((await page.request.get(`${server.url}/api${meetingPath}`)).status()).toBe(404);
  });

  test("the client is deleted from the clients page", async () => {
    await visit("/clients");
    const clientRow = page.getByRole("button", { name: new RegExp(CLIENT_NAME) });
    await clientRow.click();
    await page.getByText("No meetings recorded for this client yet.").waitFor();
    await page.getByRole("button", { name: "Delete Client" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog
      .getByText(
        `Are you sure you want to delete "${CLIENT_NAME}"? This action cannot be undone and will permanently remove the client and all associated meetings, transcripts, and recordings.`,
      )
      .waitFor();
    await dialog.getByRole("button", { name: "Delete Client" }).click();
    await expectToast("Client deleted", "The client and all associated meetings have been successfully deleted.");
    await page.getByText("No clients yet").waitFor();
  });

  test("no console errors were seen along the way", () => {
    expect(errors).toEqual([]);
  });
});
