// A long meeting in the browser: the Full Transcript tab shows the transcript's opening, loads more as the reader
// scrolls to its end, finds words anywhere in the transcript and jumps there, and Copy Text copies all of it. A key
// point's moment on the Summary tab, and a ?t= link, open the transcript at that moment, far past the opening.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { buildBigTranscript, seedBigMeeting } from "../../api/test/support/big-meeting";
import { seedClient } from "../../api/test/support/seed-meeting";
import type { TestServer } from "../../api/test/test-server";
import { upsertSummary } from "../../db/src/queries/summaries";
import { launchBrowser, openPage, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { signInContext } from "./session";

let server: TestServer;
let browser: Browser;
let ownBuild: OwnBuildServer;
let page: Page;
let errors: string[];
let meetingId: number;
const transcript = buildBigTranscript(1);
const lastSegment = transcript.segments.length - 1;

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-transcript-pages-dist-");
  server = ownBuild.server;
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser));
  page.setDefaultTimeout(20_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  const { user } = await signInContext(page.context(), server);
  const client = await seedClient(server.ctx.db.sql, user.id, "Harbor Family Trust");
  meetingId = await seedBigMeeting(server.ctx.db.sql, { userId: user.id, clientId: client.id, transcript });
  await upsertSummary(server.ctx.db.sql, meetingId, {
    executiveSummary: "A long review.",
    keyPoints: [{ text: "The review ended late", source: { segment: lastSegment, start: lastSegment * 6 } }],
    actionItems: [],
    nextMeeting: null,
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ownBuild?.stop();
});

const shownSegments = () => page.locator("li[id^='segment-']").count();

async function openTranscriptTab() {
  const response = await page.goto(`${server.url}/meetings/${meetingId}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Full Transcript" }).click();
  await page.locator("#segment-0").waitFor();
}

test("scrolling to the end of the transcript's opening loads more of it", async () => {
  await openTranscriptTab();
  const opening = await shownSegments();
  expect(opening).toBeGreaterThan(50);
  expect(opening).toBeLessThan(transcript.segments.length);
  await page.locator(`#segment-${opening - 1}`).scrollIntoViewIfNeeded();
  await page.locator(`#segment-${opening}`).waitFor();
  expect(await page.locator(`#segment-${opening}`).textContent()).toContain(`Turn ${opening}.`);
});

test("Find jumps to a match far past what was loaded", async () => {
  await openTranscriptTab();
  const last = transcript.segments.length - 1;
  await page.getByLabel("Find in transcript").fill("that is all");
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await page.getByText("Match 1 of 1").waitFor();
  const match = page.locator(`#segment-${last}`);
  await match.waitFor();
  expect(await match.getAttribute("aria-current")).toBe("true");
  expect(await match.textContent()).toContain("Quinn Late");
  expect(await match.isVisible()).toBe(true);
});

test("Copy Text copies the whole transcript and says so", async () => {
  await openTranscriptTab();
  await page.getByRole("button", { name: "Copy Text" }).click();
  await page.getByText("The transcript has been copied to your clipboard.").waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.length).toBe(transcript.fullText.length);
  expect(copied).toBe(transcript.fullText);
  expect(errors).toEqual([]);
});

test("a key point's moment on the Summary tab opens the Full Transcript at its segment", async () => {
  const response = await page.goto(`${server.url}/meetings/${meetingId}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await page.getByRole("link", { name: /in the transcript: The review ended late/ }).click();
  const said = page.locator(`#segment-${lastSegment}`);
  await said.waitFor();
  expect(await said.getAttribute("aria-current")).toBe("true");
  expect(await said.textContent()).toContain("That is all.");
  expect(await said.isVisible()).toBe(true);
  expect(await page.getByRole("tab", { name: "Full Transcript" }).getAttribute("aria-selected")).toBe("true");
  expect(page.url()).toContain(`?t=${lastSegment * 6}&segment=${lastSegment}`);
});

test("/meetings/{id}?t=SECONDS opens the Full Transcript at that moment", async () => {
  const middle = Math.floor(lastSegment / 2);
  const response = await page.goto(`${server.url}/meetings/${meetingId}?t=${middle * 6 + 2}`);
  expect(response?.status()).toBe(200);
  const said = page.locator(`#segment-${middle}`);
  await said.waitFor();
  expect(await said.getAttribute("aria-current")).toBe("true");
  expect(await said.textContent()).toContain(`Turn ${middle}.`);
  expect(errors).toEqual([]);
});
