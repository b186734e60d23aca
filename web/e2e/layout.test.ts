// The landing page and the signed-in pages at 375 px and 1440 px, in both themes: nothing wider than the window,
// the landing hero's product visual beside its text on a wide screen, and a screenshot of each in web/test-results/.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import { startTestServer, type TestServer } from "../../api/test/test-server";
import { THEME_STORAGE_KEY } from "../src/components/theme/theme-script";
import { launchBrowser, screenshot, waitForHydration } from "./browser";
import { createSignedInUser } from "./session";

const CLIENT = "Hendricks Family Trust";
const MEETING_TITLE = "Quarterly portfolio review";

let server: TestServer;
let browser: Browser;
let sid: string;
let meetingId: number;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const signedIn = await createSignedInUser(server, "Morgan Reyes");
  sid = signedIn.sid;
  const client = await seedClient(server.ctx.db.sql, signedIn.user.id, CLIENT);
  meetingId = await seedProcessedMeeting(server.ctx.db.sql, signedIn.user.id, client.id, {
    title: MEETING_TITLE,
    date: new Date(new Date().setHours(14, 30, 0, 0)),
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const theme of ["light", "dark"] as const) {
  for (const width of [375, 1440]) {
    test(`${theme} theme at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        theme,
      ] as const);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const shot = (name: string) => screenshot(page, `${name}-${theme}-${width}`);
      const wide: string[] = [];
      const check = async (name: string) => {
        if ((await overflow(page)) > 1) wide.push(name);
        await shot(name);
      };

      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      await check("landing");
      if (width === 1440) {
        // The hero's right half holds the product visual, beside the heading.
        // Measured once both are laid out (boundingBox answers null for an element not yet visible).
        const headingLocator = page.locator("#hero-title");
        const visualLocator = headingLocator.locator("xpath=ancestor::section[1]//figure");
        await headingLocator.waitFor({ state: "visible" });
        await visualLocator.waitFor({ state: "visible" });
        const heading = await headingLocator.boundingBox();
        const visual = await visualLocator.boundingBox();
        expect(visual && heading && visual.x > heading.x + heading.width - 1).toBe(true);
        expect(visual && heading && visual.y < heading.y + heading.height).toBe(true);
      }
      await page.goto(`${server.url}/terms`);
      await waitForHydration(page);
      await check("terms");

      await context.addCookies([{ name: "cm_session", value: sid, url: server.url, httpOnly: true, sameSite: "Lax" }]);
      for (const path of ["/dashboard", "/clients", "/calendar", `/meetings/${meetingId}`, "/settings", "/nowhere"]) {
        await page.goto(`${server.url}${path}`);
        await waitForHydration(page);
        if (path === "/clients") {
          await page.getByRole("button", { name: new RegExp(CLIENT) }).click();
          await page.getByRole("heading", { name: MEETING_TITLE }).waitFor();
        }
        await check(path.startsWith("/meetings/") ? "meeting" : path.slice(1));
      }
      await page.goto(`${server.url}/dashboard`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Upload Audio" }).click();
      await page.getByRole("dialog", { name: "Upload Audio Recording" }).getByText("Select Client").first().waitFor();
      await page.waitForTimeout(300); // the dialog's opening animation
      await shot("upload-modal");
      await context.close();
      expect(wide).toEqual([]);
    }, 60_000);
  }
}
