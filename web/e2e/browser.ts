// Headless Debian Chromium driven by playwright-core, against the real app on 127.0.0.1.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const ARTIFACTS_DIR = join(import.meta.dir, "..", "test-results");

/** `extraArgs`: more Chromium switches, e.g. a fake microphone's (fake-microphone.ts). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      ...extraArgs,
    ],
  });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, context, errors };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  // caret "initial": hiding the caret writes a caret-color style into the page, which a part of it still hydrating
  // reads as a server/client mismatch (seen once in CI on the dashboard's date input).
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true, caret: "initial" });
}

/** Waits until React has hydrated the page (the page marks <html data-hydrated> once committed: app.tsx). */
export async function waitForHydration(page: Page) {
  await page.waitForSelector("html[data-hydrated]", { timeout: 15_000 });
}
