import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startTestServer, type TestServer } from "../../api/test/test-server";
import { launchBrowser, screenshot, waitForHydration } from "./browser";
import { signedInContext } from "./session";

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

test("signed in, an unknown path shows the 404 page inside the shell", async () => {
  const { context } = await signedInContext(browser, server);
  const page = await context.newPage();
  const response = await page.goto(`${server.url}/no/such/page`);
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByText("Page not found").count()).resolves.toBeGreaterThan(0);
  await expect(page.getByText("Morgan Reyes").count()).resolves.toBeGreaterThan(0);
  await expect(page.getByText("Client Advisor").count()).resolves.toBeGreaterThan(0);
  await screenshot(page, "not-found-desktop");
  await context.close();
});

test("the mobile menu opens at 375 px with the four items", async () => {
  const { context } = await signedInContext(browser, server, { width: 375, height: 740 });
  const page = await context.newPage();
  await page.goto(`${server.url}/settings`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  for (const item of ["Dashboard", "Clients", "Meeting Intelligence", "Help"]) {
    await page.getByRole("link", { name: item }).last().waitFor({ state: "visible" });
  }
  await screenshot(page, "mobile-menu");
  await context.close();
});
