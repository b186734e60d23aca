// Issue 37's walk, in the browser (light at 1440 px, dark at 375 px): a reload keeps where the user was (the sign-up's
// step 3 with its entries but never the password, a meeting's tab, the dashboard's filter), a toast ends with the
// state it describes (Missing information once filled; a refused upload once its dialog closes), a refused empty
// file says the server's reason, and on a phone the toast does not cover the dialog's buttons.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import type { TestServer } from "../../api/test/test-server";
import { THEME_STORAGE_KEY } from "../src/components/theme/theme-script";
import { launchBrowser, screenshot, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { signInContext } from "./session";

let server: TestServer;
let browser: Browser;
let ownBuild: OwnBuildServer;

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-where-the-user-was-");
  server = ownBuild.server;
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ownBuild?.stop();
});

async function newPage(theme: "light" | "dark", width: number) {
  const context = await browser.newContext({ viewport: { width, height: 812 } });
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    THEME_STORAGE_KEY,
    theme,
  ] as const);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.setDefaultTimeout(15_000);
  return { context, page, errors };
}

async function visit(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  await waitForHydration(page);
}

async function reload(page: Page) {
  await page.reload();
  await waitForHydration(page);
}

const openToasts = (page: Page) =>
  page.locator('[data-scope="toast"][data-part="root"][data-state="open"]').allTextContents();

for (const [theme, width] of [
  ["light", 1440],
  ["dark", 375],
] as const) {
  describe(`${theme} at ${width} px`, () => {
    const tag = `${theme}-${width}`;

    test("sign-up: the Missing information toast ends once filled; a reload on step 3 keeps the step and the entries, never the password", async () => {
      const { context, page, errors } = await newPage(theme, width);
      try {
        await visit(page, "/register");
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByText("Please fill in all required fields").waitFor();
        const username = `walk${Date.now().toString(36)}${width}`;
        await page.getByLabel("Email").fill(`${username}@example.com`);
        await page.getByLabel("Username").fill(username);
        await page.getByLabel("Full name").fill("Walk Tester");
        await page.waitForFunction(
          () => !document.querySelector('[data-scope="toast"][data-part="root"][data-state="open"]'),
        );
        await page.getByRole("checkbox").check();
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByText("Step 2 of 3").waitFor();
        expect(await openToasts(page)).toEqual([]);
        // Payments are off in the test server: the free plan.
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByText("Step 3 of 3").waitFor();
        await page.getByLabel("Password", { exact: true }).fill("never-kept-9");
        // The server cannot see the kept entries: its page for step 3 shows no empty step 1 before hydration.
        const served = await (await fetch(`${server.url}/register?step=3`)).text();
        expect(served).toContain("Loading your sign-up...");
        expect(served).not.toContain("Tell us who you are.");
        await reload(page);
        await page.getByText("Step 3 of 3").waitFor();
        expect(new URL(page.url()).search).toBe("?step=3");
        await page.getByText(`${username}@example.com`, { exact: false }).waitFor();
        expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
        const kept = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
        expect(kept).not.toContain("never-kept-9");
        await screenshot(page, `walk37-register-step3-reloaded-${tag}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);

    test("a meeting's tab and the dashboard's filter survive a reload; one review control", async () => {
      const { context, page, errors } = await newPage(theme, width);
      try {
        const { user } = await signInContext(context, server, "Dana Whitfield");
        const sql = server.ctx.db.sql;
        const client = await seedClient(sql, user.id, `Okafor Holdings ${tag}`);
        const meetingId = await seedProcessedMeeting(sql, user.id, client.id, {
          title: "Pension review",
          date: new Date(),
        });
        await visit(page, `/meetings/${meetingId}`);
        // Counted once the page shows it (the meeting's data may still be on its way): one, not two.
        await page.getByRole("button", { name: "Mark as reviewed" }).first().waitFor();
        expect(await page.getByRole("button", { name: "Mark as reviewed" }).count()).toBe(1);
        await page.getByRole("tab", { name: "My Notes" }).click();
        await page.waitForURL(/\?tab=notes$/);
        await reload(page);
        expect(await page.getByRole("tab", { name: "My Notes" }).getAttribute("aria-selected")).toBe("true");
        await screenshot(page, `walk37-meeting-notes-reloaded-${tag}`);

        await visit(page, "/dashboard");
        await page.getByRole("combobox").click();
        await page.getByRole("option", { name: `Okafor Holdings ${tag}` }).click();
        await page.waitForURL(new RegExp(`\\?client=${client.id}$`));
        await reload(page);
        await page.getByRole("heading", { name: `All meetings with Okafor Holdings ${tag}` }).waitFor();
        await page.getByText("Pension review").waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);

    test("an empty file: the server's reason, a toast that leaves the dialog's buttons free and ends with the dialog", async () => {
      const { context, page } = await newPage(theme, width);
      try {
        const { user } = await signInContext(context, server, "Dana Whitfield");
        await seedClient(server.ctx.db.sql, user.id, `Brennan Farms ${tag}`);
        await visit(page, "/dashboard");
        await page.getByRole("button", { name: "Upload Audio" }).click();
        const dialog = page.getByRole("dialog", { name: "Upload Audio Recording" });
        await dialog.getByRole("combobox").click();
        await page.getByRole("option", { name: `Brennan Farms ${tag}` }).click();
        await dialog.getByLabel("Meeting Title").fill("Empty recording");
        await dialog.getByLabel("Meeting Date").fill("2026-11-20");
        await page
          .getByTestId("audio-file-input")
          .setInputFiles({ name: "empty.mp3", mimeType: "audio/mpeg", buffer: Buffer.alloc(0) });
        await dialog.getByRole("button", { name: "Upload & Process" }).click();
        const toast = page.locator('[data-scope="toast"][data-part="root"][data-state="open"]');
        await toast.getByText("The file is empty.").waitFor();
        expect(await toast.textContent()).not.toContain("There was a problem with your upload");
        // Wait for the toast to settle where it stays, then check nothing of it lies over the dialog's buttons.
        await page.waitForTimeout(400);
        const cancel = dialog.getByRole("button", { name: "Cancel" });
        const covered = await cancel.evaluate((button) => {
          const box = button.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return !button.contains(hit);
        });
        expect(covered).toBe(false);
        await screenshot(page, `walk37-upload-empty-${tag}`);
        await cancel.click();
        await page.waitForFunction(
          () => !document.querySelector('[data-scope="toast"][data-part="root"][data-state="open"]'),
        );
        await page.getByRole("button", { name: "Upload Audio" }).click();
        await dialog.getByLabel("Meeting Title").waitFor();
        expect(await openToasts(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  });
}
