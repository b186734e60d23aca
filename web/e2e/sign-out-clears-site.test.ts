// Signing out leaves nothing of the account in the browser: the answer to POST /api/logout carries Clear-Site-Data,
// and Chromium, on the real app at 127.0.0.1 (a secure origin for it), empties the site's cookies and storage
// (sessionStorage's unsaved notes, IndexedDB's recordings). The theme is the device's choice and survives.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { SIGN_OUT_CLEAR_SITE_DATA } from "../../api/src/modules/auth/auth-routes";
import { startTestServer, type TestServer } from "../../api/test/test-server";
import { launchBrowser, openPage, waitForHydration } from "./browser";
import { signInContext } from "./session";

const WAIT = { timeout: 15_000 };
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

test("the Log out button empties the site's cookies and storage but keeps the theme", async () => {
  const { page, context } = await openPage(browser);
  await signInContext(context, server);
  await page.goto(`${server.url}/dashboard`);
  await waitForHydration(page);
  await context.addCookies([{ name: "readable", value: "1", url: server.url }]);
  await page.evaluate(async () => {
    localStorage.setItem("theme", "dark");
    localStorage.setItem("left-behind", "x");
    sessionStorage.setItem("unsaved-notes", "private words");
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open("left-behind-db", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("rows");
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
  });
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/logout"));
  await page
    .getByRole("button", { name: /log ?out/i })
    .first()
    .click();
  expect((await (await answer).allHeaders())["clear-site-data"]).toBe(SIGN_OUT_CLEAR_SITE_DATA);
  await page.waitForURL(/\/login$/, WAIT);

  expect(await context.cookies(server.url)).toEqual([]);
  const left = await page.evaluate(async () => ({
    local: Object.keys(localStorage),
    theme: localStorage.getItem("theme"),
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).map((db) => db.name),
  }));
  expect(left).toEqual({ local: ["theme"], theme: "dark", session: 0, databases: [] });
  await context.close();
});
