// A recording uploaded while no speech service is configured: real speech made with flite is recognised offline by
// pocketsphinx, and the meeting page labels the transcript "Draft transcript", tells the advisor to check it and where
// to read how to get an accurate one (Help), and names the engines in small print. Skipped, saying so, without
// pocketsphinx or flite.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format } from "date-fns";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { hasOfflineSpeechTools, speak } from "../../ai/test-support/speak";
import { startTestServer, type TestServer, WITH_WORKER } from "../../api/test/test-server";
import { launchBrowser, openPage, screenshot, waitForHydration } from "./browser";
import { signInContext } from "./session";

const speechToolsReady = hasOfflineSpeechTools();

const CLIENT_NAME = "Whitfield Household";
const TITLE = "Retirement check-in";

describe.skipIf(!speechToolsReady)("offline speech in the browser", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let dir: string;
  let errors: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-e2e-speech-"));
    await speak(join(dir, "check-in.wav"), [
      "Let us review the retirement portfolio today.",
      "The college savings plan is doing well.",
      "Please send the tax documents next week.",
    ]);
    // No speech service configured: offline recognition is what this server has.
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
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function visit(path: string) {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
  }

  test("the uploaded recording becomes a draft transcript, labelled as made offline", async () => {
    const created = await server.fetch("/api/clients", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; "),
      },
      body: JSON.stringify({ name: CLIENT_NAME, type: "Wealth Management" }),
    });
    expect(created.status).toBe(201);

    await visit("/dashboard");
    await page.getByRole("button", { name: "Upload Audio" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Audio Recording" });
    await dialog.waitFor();
    await dialog.getByRole("combobox", { name: "Select Client" }).click();
    await page.getByRole("option", { name: CLIENT_NAME }).click();
    await dialog.getByLabel("Meeting Title").fill(TITLE);
    await dialog.getByLabel("Meeting Date").fill(format(new Date(), "yyyy-MM-dd"));
    await dialog.getByTestId("audio-file-input").setInputFiles(join(dir, "check-in.wav"));
    await dialog.getByText("check-in.wav").waitFor();
    await dialog.getByRole("button", { name: "Upload & Process" }).click();
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("link", { name: new RegExp(TITLE) });
    await row.waitFor();
    const meetingPath = new URL((await row.getAttribute("href")) ?? "", server.url).pathname;

    // Reload as a user would until recognition, summary and indexing are done (a few seconds on one core).
    const badge = page.locator("main header span.rounded-full").first();
    const deadline = Date.now() + 60_000;
    await visit(meetingPath);
    while ((await badge.textContent()) !== "Processed") {
      if (Date.now() > deadline) throw new Error(`still ${await badge.textContent()} after 60 s`);
      await page.waitForTimeout(1000);
      await visit(meetingPath);
    }
    const notice = page.getByRole("region", { name: "Draft transcript" });
    await notice.waitFor();
    const advice = (await notice.textContent()) ?? "";
    // It speaks to the advisor: Help says whom to ask; the server's configuration is in docs/operating.md.
    expect(advice).toContain("Check names and figures against the recording");
    expect(advice).not.toContain("OPENAI_API_KEY");
    expect(advice).not.toContain("SPEECH_BASE_URL");
    expect(advice).not.toContain("offline");
    expect(await notice.getByRole("link", { name: "How to get an accurate transcript" }).getAttribute("href")).toBe(
      "/settings",
    );
    // No speech service here: nothing to transcribe again with.
    expect(await page.getByRole("button", { name: "Transcribe again" }).count()).toBe(0);
    await page.getByText("Transcript by pocketsphinx, offline").waitFor({ timeout: 30_000 });
    await page.getByText(/Summary by the local engine/).waitFor({ timeout: 30_000 });

    await page.getByRole("tab", { name: "Full Transcript" }).click();
    const transcript = (await page.locator("ol").last().textContent()) ?? "";
    expect(transcript.toLowerCase()).toContain("retirement portfolio");
    await screenshot(page, "offline-speech-draft");
    expect(errors).toEqual([]);
  }, 90_000);
});
