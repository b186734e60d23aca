// Live status: a meeting's page and the dashboard, opened while its transcript is processing, show Processed a few
// seconds after the job finishes, with no reload. The job is held by running the server without its worker, then
// a worker is started apart from the server on the same database, as `bun run worker` would run in another process.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createMemoryLogger } from "../../api/src/logger";
import { startWorkerThread, type WorkerThread } from "../../api/src/worker/start-worker-thread";
import { seedClient } from "../../api/test/support/seed-meeting";
import { launchBrowser, openPage, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { signInContext } from "./session";

const TITLE = "Quarterly pension check-in";

/** A WebVTT transcript of `cues` short exchanges between an adviser and a client. */
function transcript(cues: number): string {
  const lines = ["WEBVTT", ""];
  for (let i = 0; i < cues; i++) {
    const at = (s: number) =>
      `00:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
    lines.push(`${at(i * 4)} --> ${at(i * 4 + 3)}`);
    lines.push(
      i % 2 ? `<v Priya>We agreed to raise the pension contribution by ${i} pounds.` : `<v Sam>Noted, item ${i}.`,
    );
    lines.push("");
  }
  return lines.join("\n");
}

let ownBuild: OwnBuildServer;
let browser: Browser;
let context: BrowserContext;
let errors: string[] = [];
let worker: WorkerThread | undefined;
let cookie = "";
let meetingId = 0;

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-live-");
  browser = await launchBrowser();
  let page: Page;
  ({ page, context, errors } = await openPage(browser));
  await page.close();
  const { user, sid } = await signInContext(context, ownBuild.server);
  cookie = `cm_session=${sid}`;
  const client = await seedClient(ownBuild.server.ctx.db.sql, user.id, "Lowther Household");
  const form = new FormData();
  form.set(
    "meetingData",
    JSON.stringify({ title: TITLE, clientId: client.id, date: new Date().toISOString(), type: "Review" }),
  );
  form.set("audioFile", new Blob([transcript(40)], { type: "text/vtt" }), "check-in.vtt");
  const response = await ownBuild.server.fetch("/api/meetings/upload", {
    method: "POST",
    body: form,
    headers: { cookie },
  });
  expect(response.status).toBe(201);
  meetingId = (await response.json()).id;
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await context?.close();
  await browser?.close();
  await ownBuild?.stop();
});

async function visit(path: string) {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const response = await page.goto(`${ownBuild.server.url}${path}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  return page;
}

describe("live status", () => {
  test("the meeting page and the dashboard show Processed after the job ends, without a reload", async () => {
    const meetingPage = await visit(`/meetings/${meetingId}`);
    const dashboard = await visit("/dashboard");
    const badge = meetingPage.locator("main header span.rounded-full").first();
    expect(await badge.textContent()).toMatch(/Thinking|Processing/);
    const row = dashboard.locator("main li, main a").filter({ hasText: TITLE }).first();
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Thinking|Processing/);
    const processedCard = dashboard.locator(".card").filter({ hasText: "Processed Recordings" });
    expect(await processedCard.textContent()).toContain("0");
    // Both pages have been open a while: nothing changes by itself before the job runs.
    await Bun.sleep(2000);
    expect(await badge.textContent()).toMatch(/Thinking|Processing/);

    // The production worker thread, started only now (the server's own is off), from the server's configuration.
    const { config, db, jobs } = ownBuild.server.ctx;
    worker = await startWorkerThread(config, db, createMemoryLogger(), jobs);
    const started = Date.now();
    const deadline = Date.now() + 30_000;
    let finishedAt = 0;
    while (Date.now() < deadline) {
      const [status] = await ownBuild.server.ctx.db.sql`select status from meetings where id = ${meetingId}`;
      if (status?.status === "Processed") {
        finishedAt = Date.now();
        break;
      }
      await Bun.sleep(100);
    }
    expect(finishedAt).toBeGreaterThan(0);

    // A few seconds: the stream's check (1.5 s) plus the page's fetch.
    await meetingPage.waitForFunction(
      () => document.querySelector("main header span.rounded-full")?.textContent === "Processed",
      undefined,
      { timeout: 6000 },
    );
    await dashboard.locator("main").getByText("Processed", { exact: true }).first().waitFor({ timeout: 6000 });
    expect(await row.textContent()).toContain("Processed");
    await processedCard.getByText("1", { exact: true }).waitFor({ timeout: 6000 });
    // The processing notice is gone and the summary is on the page.
    expect(await meetingPage.getByText("Try refreshing your screen in a moment").count()).toBe(0);
    console.log(`job took ${finishedAt - started} ms; pages updated ${Date.now() - finishedAt} ms after it ended`);
    expect(errors).toEqual([]);
  }, 90_000);
});
