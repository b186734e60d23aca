// Issue 37 in Chromium, light at 1440 px and dark at 375 px: a note over NOTE_MAX_CHARACTERS says the server's
// sentence under the editor and in its toast, keeps the text across a reload (nothing reaches the database), and
// Create client past CLIENTS_PER_ACCOUNT says the server's sentence instead of "Failed to create client".
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import { THEME_STORAGE_KEY } from "../src/components/theme/theme-script";
import { launchBrowser, screenshot, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { signInContext } from "./session";

let ownBuild: OwnBuildServer;
let browser: Browser;

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-limits-", { NOTE_MAX_CHARACTERS: "1000", CLIENTS_PER_ACCOUNT: "1" });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ownBuild?.stop();
});

const NOTE_REFUSED = /^Note too long: a note may have 1,000 characters and this one has 1,300\./;

for (const [theme, width] of [
  ["light", 1440],
  ["dark", 375],
] as const) {
  describe(`${theme} at ${width} px`, () => {
    test("a note over the limit is refused with the server's sentence and kept across a reload", async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        theme,
      ] as const);
      const { user } = await signInContext(context, ownBuild.server);
      const sql = ownBuild.server.ctx.db.sql;
      const client = await seedClient(sql, user.id, "Halvorsen Estate");
      const meetingId = await seedProcessedMeeting(sql, user.id, client.id, {
        title: "Pension transfer",
        date: new Date(),
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      page.on("console", (message) => {
        // The refused save itself is logged by Chromium as a failed resource load; anything else is an error.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          errors.push(message.text());
        }
      });
      page.on("pageerror", (error) => errors.push(error.message));

      await page.goto(`${ownBuild.server.url}/meetings/${meetingId}?tab=notes`);
      await waitForHydration(page);
      const text = "Follow up on the trustee's questions about the pension transfer. ".repeat(20);
      const editor = page.getByPlaceholder("Write your notes here...");
      await editor.fill(text);
      const inPlace = page.locator("section p[role=alert]");
      await inPlace.filter({ hasText: NOTE_REFUSED }).waitFor();
      await page.getByText("Error saving notes").waitFor();
      expect(await page.getByText("Failed to save notes").count()).toBe(0);
      expect(await page.getByText("Not saved yet").isVisible()).toBe(true);
      await screenshot(page, `limit-note-${theme}-${width}`);

      await page.reload();
      await waitForHydration(page);
      await inPlace.filter({ hasText: NOTE_REFUSED }).waitFor();
      expect(await editor.inputValue()).toBe(text);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      const stored = await sql`select content from notes where meeting_id = ${meetingId}`;
      expect(stored).toHaveLength(0);
      await screenshot(page, `limit-note-reloaded-${theme}-${width}`);

      await page.goto(`${ownBuild.server.url}/clients`);
      await waitForHydration(page);
      await page
        .getByRole("button", { name: /add client|new client|create client/i })
        .first()
        .click();
      await page.getByLabel("Client Name").fill("Okafor Holdings");
      await page.getByLabel("Client Type").fill("Wealth Management");
      await page.getByRole("button", { name: "Create Client" }).click();
      await page.getByText(/^Client limit reached: your account may have 1 clients?\./).waitFor();
      expect(await page.getByText("Failed to create client. Please try again.").count()).toBe(0);
      await screenshot(page, `limit-client-${theme}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
  });
}
