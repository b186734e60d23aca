// Issue 21's rough edges in the browser, light and dark, at 1440 and 375 px: /checkout with payments off (Subscribe
// disabled, saying why; every Subscribe on one line at 1440), /register for a signed-in user, the upload form's
// optional start time shown on the calendar in the app's one time format, the calendar feed's wording and summary
// choice, and the follow-up dialog wide enough to write in, with its preview.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { format } from "date-fns";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import type { TestServer } from "../../api/test/test-server";
import { THEME_STORAGE_KEY } from "../src/components/theme/theme-script";
import { audit } from "./axe";
import { launchBrowser, screenshot, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { signInContext } from "./session";

let server: TestServer;
let browser: Browser;
let ownBuild: OwnBuildServer;
const TODAY = format(new Date(), "yyyy-MM-dd");
const VTT = "WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Robin>Shall we go over the lease renewal?\n";

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-rough-edges-");
  server = ownBuild.server;
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ownBuild?.stop();
});

async function themedPage(theme: "light" | "dark", width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    THEME_STORAGE_KEY,
    theme,
  ] as const);
  const { user } = await signInContext(context, server, "Robin Castellano");
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.setDefaultTimeout(15_000);
  return { context, page, errors, userId: user.id };
}

async function visit(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  await waitForHydration(page);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const theme of ["light", "dark"] as const) {
  for (const width of [1440, 375]) {
    describe(`${theme} at ${width} px`, () => {
      let context: BrowserContext;
      let page: Page;
      let errors: string[];
      let userId: number;
      const shot = (name: string) => screenshot(page, `rough-${name}-${theme}-${width}`);

      beforeAll(async () => {
        ({ context, page, errors, userId } = await themedPage(theme, width));
      }, 30_000);
      afterAll(async () => {
        await context?.close();
      });

      test("/checkout with payments off: Subscribe disabled, saying why, and level across the cards", async () => {
        await visit(page, "/checkout");
        const note = page.getByRole("note");
        await note.waitFor();
        expect(await note.textContent()).toContain("Payments are not configured on this server");
        const buttons = page.getByTestId("subscribe");
        expect(await buttons.count()).toBe(3);
        for (const button of await buttons.all()) {
          expect(await button.isDisabled()).toBe(true);
          expect(await button.getAttribute("aria-describedby")).toBe(await note.getAttribute("id"));
        }
        if (width === 1440) {
          const tops = await Promise.all(
            (await buttons.all()).map(async (b) => Math.round((await b.boundingBox())!.y)),
          );
          expect(new Set(tops).size).toBe(1);
        }
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await audit(page, `checkout ${theme} ${width}`)).toEqual([]);
        await shot("checkout");
      }, 60_000);

      test("/register for a signed-in user goes to the dashboard", async () => {
        await page.goto(`${server.url}/register`);
        await page.waitForURL((url) => url.pathname === "/dashboard");
        expect(await page.getByText("Create your account").count()).toBe(0);
      }, 30_000);

      test("an upload with a start time is on the calendar at that time, in the one HH:mm format", async () => {
        const client = await seedClient(server.ctx.db.sql, userId, "Castellano Partners");
        await visit(page, "/dashboard");
        await page.getByRole("button", { name: "Upload Audio" }).click();
        const dialog = page.getByRole("dialog", { name: "Upload Audio Recording" });
        await dialog.waitFor();
        await dialog.getByText(/or a transcript file \(\.vtt, \.srt, \.txt\)/).waitFor();
        await dialog.getByRole("combobox", { name: "Select Client" }).click();
        await page.getByRole("option", { name: client.name }).click();
        await dialog.getByLabel("Meeting Title").fill("Lease renewal call");
        await dialog.getByLabel("Meeting Date").fill(TODAY);
        await dialog.getByTestId("audio-file-input").setInputFiles({
          name: "lease.vtt",
          mimeType: "text/vtt",
          buffer: Buffer.from(VTT),
        });
        await dialog.getByText("lease.vtt").waitFor();
        // A transcript file's time says nothing about the meeting: the start time stays empty until typed.
        const start = dialog.getByLabel("Start Time (optional)");
        expect(await start.inputValue()).toBe("");
        await start.fill("9.45");
        await shot("upload-start-time");
        await dialog.getByRole("button", { name: "Upload & Process" }).click();
        await dialog.waitFor({ state: "hidden" });

        await visit(page, "/calendar");
        const entry = page.getByRole("listitem").filter({ hasText: "Lease renewal call" });
        await entry.waitFor();
        expect(await entry.textContent()).toContain("09:45");
        // The schedule dialog takes its time in the same format.
        await page
          .getByRole("button", { name: /Schedule/ })
          .first()
          .click();
        const schedule = page.getByRole("dialog", { name: "Schedule New Meeting" });
        await schedule.waitFor();
        expect(await schedule.getByLabel("Meeting Time").inputValue()).toBe("10:00");
        expect(await schedule.getByLabel("Meeting Time").evaluate((input) => (input as HTMLInputElement).type)).toBe(
          "text",
        );
        await schedule.getByText("24-hour clock, for example 14:30.").waitFor();
        await page.keyboard.press("Escape");
        await schedule.waitFor({ state: "hidden" });
      }, 90_000);

      test("the calendar feed says what it holds; summaries are the user's choice, off by default and kept", async () => {
        await visit(page, "/calendar");
        const panel = page.getByRole("region", { name: "Calendar subscription" });
        await panel.waitFor();
        expect(await panel.textContent()).toContain("title, client, date and time, status and a link");
        const choice = panel.getByLabel(/Include meeting summaries in the feed/);
        expect(await choice.isChecked()).toBe(false);
        await choice.check();
        await panel.getByText(", and the opening of its summary").waitFor();
        await visit(page, "/calendar");
        expect(await page.getByLabel(/Include meeting summaries in the feed/).isChecked()).toBe(true);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await audit(page, `calendar ${theme} ${width}`)).toEqual([]);
        await shot("calendar");
      }, 60_000);

      test("the follow-up dialog has room to write and a preview; the export offers the private notes", async () => {
        const client = await seedClient(server.ctx.db.sql, userId, "Okafor Household");
        const id = await seedProcessedMeeting(server.ctx.db.sql, userId, client.id, {
          title: "Pension review",
          date: new Date(),
        });
        await visit(page, `/meetings/${id}`);
        await page.getByLabel("Include my private notes").waitFor();
        expect(await page.getByLabel("Include my private notes").isChecked()).toBe(false);
        await page.getByRole("button", { name: "Draft follow-up" }).click();
        const dialog = page.getByRole("dialog", { name: "Draft follow-up" });
        await dialog.getByTestId("follow-up-preview").waitFor();
        const message = await dialog.getByLabel("Message").boundingBox();
        expect(message!.width).toBeGreaterThan(width === 1440 ? 450 : 250);
        expect(await dialog.getByLabel("Message").inputValue()).not.toContain("Follow-up: Follow-up");
        expect(await audit(page, `follow-up ${theme} ${width}`)).toEqual([]);
        await shot("follow-up");
        await page.keyboard.press("Escape");
        expect(errors).toEqual([]);
      }, 60_000);
    });
  }
}
