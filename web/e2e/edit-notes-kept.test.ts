// Issue 27 in Chromium: unsaved Edit notes survive a reload (the browser asks first, and the form comes back with
// "Unsaved edits restored"), a text over its limit is said at its field, and a sidebar link asks before leaving.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import { launchBrowser, openPage, screenshot, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { signInContext } from "./session";

let ownBuild: OwnBuildServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[] = [];
let meetingId = 0;
/** The browser's own prompts seen (a reload with unsaved edits shows "beforeunload"). */
const dialogs: string[] = [];

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-edit-notes-");
  browser = await launchBrowser();
  ({ page, context, errors } = await openPage(browser));
  page.setDefaultTimeout(15_000);
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  const { user } = await signInContext(context, ownBuild.server);
  const client = await seedClient(ownBuild.server.ctx.db.sql, user.id, "Halvorsen Estate");
  meetingId = await seedProcessedMeeting(ownBuild.server.ctx.db.sql, user.id, client.id, {
    title: "Estate planning",
    date: new Date(),
  });
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await ownBuild?.stop();
});

const storedSummary = async () =>
  (await ownBuild.server.ctx.db.sql`select executive_summary from summaries where meeting_id = ${meetingId}`)[0]
    ?.executive_summary as string;

describe("Edit notes loses nothing", () => {
  test("edits survive a reload, a long text is said at its field, and a sidebar link asks first", async () => {
    const before = await storedSummary();
    await page.goto(`${ownBuild.server.url}/meetings/${meetingId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Edit notes" }).click();
    const summary = "The estate goes to the two children in equal shares; the cabin is held in trust.";
    await page.getByLabel("Executive Summary").fill(summary);
    // A key point pasted over its limit (1,000 characters), kept whole; one long word too, which must wrap.
    const longPoint = `${"The cabin stays in the family trust until both children agree to sell it. ".repeat(15)}`
      .slice(0, 1060)
      .concat("k".repeat(40));
    await page.getByLabel("Key Points 1").fill(longPoint);

    await page.reload();
    await waitForHydration(page);
    expect(dialogs).toEqual(["beforeunload"]);
    // The kept draft is restored by an effect after hydration: wait for its notice rather than look at once.
    await page.getByText("Unsaved edits restored").waitFor({ state: "visible" });
    expect(await page.getByLabel("Executive Summary").inputValue()).toBe(summary);
    expect((await page.getByLabel("Key Points 1").inputValue()).length).toBe(1100);
    await page
      .getByText("Key point 1 is too long: 1,100 characters, the limit is 1,000.")
      .waitFor({ state: "visible" });
    expect(await page.getByLabel("Key Points 1").getAttribute("aria-invalid")).toBe("true");
    // The long text wraps inside the form: the page is no wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await screenshot(page, "edit-notes-restored");
    // Nothing reached the server: the edits are the browser's until saved.
    expect(await storedSummary()).toBe(before);

    await page.locator('nav a[href="/dashboard"]').first().click();
    await page.getByText("Leave without saving?").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/meetings/${meetingId}`);
    await screenshot(page, "edit-notes-leave");
    await page.getByRole("button", { name: "Keep editing" }).click();
    await page.getByText("Leave without saving?").waitFor({ state: "detached" });
    expect(await page.getByLabel("Executive Summary").inputValue()).toBe(summary);

    await page.locator('nav a[href="/dashboard"]').first().click();
    await page.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(dialogs).toEqual(["beforeunload"]);
    expect(errors).toEqual([]);
  }, 120_000);
});
