import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startTestServer, type TestServer } from "../../api/test/test-server";
import { launchBrowser, openPage, screenshot, waitForHydration } from "./browser";

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("the landing page is rendered on the server and hydrates without console errors", async () => {
  const { page, context, errors } = await openPage(browser);
  await page.route("**/assets/*.js", (route) => route.abort()); // first: HTML alone, no script
  await page.goto(`${server.url}/`);
  const heroWithoutScript = await page.locator("h1").first().textContent();
  expect(heroWithoutScript?.length).toBeGreaterThan(5);
  await page.unroute("**/assets/*.js");
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  expect(await page.locator("h1").first().textContent()).toBe(heroWithoutScript);
  await screenshot(page, "landing-desktop");
  expect(errors.filter((e) => !e.includes("net::ERR_FAILED"))).toEqual([]);
  await context.close();
});

test("the theme choice persists across a reload and applies before paint", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
  await page
    .getByRole("radio", { name: "Dark" })
    .first()
    .click({ force: true })
    .catch(async () => {
      await page.getByLabel("Dark").first().click();
    });
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  await page.reload();
  // The class is set by the inline head script, before React or CSS load.
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  await screenshot(page, "landing-dark");
  await context.close();
});

test("/terms shows its 15 numbered sections", async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${server.url}/terms`);
  await waitForHydration(page);
  await expect(page.getByText("Last Updated: May 24, 2025").count()).resolves.toBeGreaterThan(0);
  const headings = await page.locator("main h2, main h3").allTextContents();
  const numbered = headings.filter((h) => /^\s*\d{1,2}\.\s/.test(h));
  expect(numbered.length).toBe(15);
  await expect(page.getByRole("link", { name: "Return to Registration" }).getAttribute("href")).resolves.toBe(
    "/register",
  );
  await screenshot(page, "terms");
  expect(errors).toEqual([]);
  await context.close();
});

test("an unknown path sends visitors to sign in", async () => {
  const response = await server.fetch("/no/such/page");
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toContain("/login");
});

test("the landing page works at 375 px wide", async () => {
  const { page, context, errors } = await openPage(browser, { width: 375, height: 740 });
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshot(page, "landing-mobile");
  expect(errors).toEqual([]);
  await context.close();
});
