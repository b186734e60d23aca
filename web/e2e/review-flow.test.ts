// The advisor reviews what leaves (issue 21), in the browser at 1440 and 375 px: the notes are a draft, corrected on
// the Summary tab (summary, key points, decisions, action items, next meeting), the page's one review control (above
// the export, issue 37) says they are a draft,
// the follow-up dialog says they are not reviewed and marks them reviewed in one click, the tab then says who
// reviewed them, and the export says so and leaves the private notes out. axe passes on each view.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import type { TestServer } from "../../api/test/test-server";
import { addClientEmail } from "../../db/src/queries/clients";
import { saveNote } from "../../db/src/queries/notes";
import { audit } from "./axe";
import { launchBrowser, openPage, screenshot, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { signInContext } from "./session";

let server: TestServer;
let browser: Browser;
let ownBuild: OwnBuildServer;

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-review-flow-");
  server = ownBuild.server;
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ownBuild?.stop();
});

async function visit(page: Page, path: string) {
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

for (const [label, width, height] of [
  ["desktop", 1440, 900],
  ["mobile", 375, 812],
] as const) {
  describe(`${label} (${width} px)`, () => {
    test("edit, review from the follow-up dialog, export without the private notes", async () => {
      const { context, page, errors } = await openPage(browser, { width, height });
      try {
        page.setDefaultTimeout(15_000);
        const { user } = await signInContext(context, server, "Morgan Reyes");
        const sql = server.ctx.db.sql;
        const client = await seedClient(sql, user.id, `Aldana Household ${label}`);
        await addClientEmail(sql, {
          userId: user.id,
          clientId: client.id,
          address: "ines@aldana.example",
          maxAddresses: 20,
        });
        const meetingId = await seedProcessedMeeting(sql, user.id, client.id, {
          title: "Annual plan",
          date: new Date(),
        });
        await saveNote(sql, { userId: user.id, meetingId, content: "Private: nephew may ask for a loan." });

        await visit(page, `/meetings/${meetingId}`);
        const review = page.getByRole("region", { name: "Review" });
        expect(await review.textContent()).toContain("Draft");
        expect(await audit(page, `${label} draft notes`)).toEqual([]);

        // Correct the summary and add a key point.
        await page.getByRole("button", { name: "Edit notes" }).click();
        const form = page.getByRole("form", { name: "Edit notes" });
        await form.getByLabel("Executive Summary").fill("We kept the allocation and planned the school fees.");
        await form.getByRole("button", { name: "Add key point" }).click();
        const longPoint =
          "School fees from the cash reserve, topped up each spring from the bonus so it never drops below six months";
        await form.getByLabel("Key Points 3").fill(longPoint);
        // A long point is read whole in its field, on a phone too: nothing hidden past the edge.
        const hidden = await form
          .getByLabel("Key Points 3")
          .evaluate((field) => field.scrollWidth > field.clientWidth || field.scrollHeight > field.clientHeight + 1);
        expect(hidden).toBe(false);
        await form.getByRole("button", { name: "Move key point 3 up" }).click();
        await form.getByRole("button", { name: "Remove key point 1" }).click();
        await form.getByRole("button", { name: "Add decision" }).click();
        await form.getByLabel("Decisions 1", { exact: true }).fill("Keep the bond allocation");
        await form.getByLabel("Action item 1 task").fill("Send the trade list and the fee note for signature");
        await form.getByLabel("Action item 1 due date").fill("2027-01-15");
        await form.getByLabel("Time", { exact: true }).fill("10:30");
        expect(await audit(page, `${label} editing notes`)).toEqual([]);
        await screenshot(page, `review-edit-${label}`);
        await form.getByRole("button", { name: "Save" }).click();
        await form.waitFor({ state: "detached" });
        await page.getByText("We kept the allocation and planned the school fees.").waitFor();
        const keyPoints = await page.getByRole("listitem").allTextContents();
        expect(keyPoints.findIndex((text) => text.startsWith("School fees from the cash reserve"))).toBeLessThan(
          keyPoints.findIndex((text) => text.startsWith("Tuition payment covered")),
        );
        expect(keyPoints.some((text) => text.startsWith("Rebalance toward bonds"))).toBe(false);
        await page.getByText("Keep the bond allocation").waitFor();
        await page.getByText("Send the trade list and the fee note for signature").waitFor();
        await page.getByText("Scheduled for February 18, 2027 at 10:30").waitFor();

        // Before the review, the page says plainly, once, that the notes are a draft, in a sentence not squeezed
        // beside its button on a phone; the one review control comes before the export.
        expect(await page.getByRole("button", { name: "Mark as reviewed" }).count()).toBe(1);
        expect(await page.getByText(/not reviewed yet/).count()).toBe(1);
        const widths = await review.evaluate((section) => ({
          section: section.getBoundingClientRect().width,
          text: section.querySelector("[data-testid=review-state]")!.getBoundingClientRect().width,
        }));
        expect(widths.text).toBeGreaterThan(widths.section * 0.5);
        const reviewAboveExport = await review.evaluate(
          (section) =>
            section.getBoundingClientRect().bottom <=
            document.querySelector("section[aria-label='After the meeting']")!.getBoundingClientRect().top,
        );
        expect(reviewAboveExport).toBe(true);
        const [draftFile] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: "Markdown", exact: true }).click(),
        ]);
        expect(readFileSync((await draftFile.path())!).toString()).toContain(
          "**Draft: these notes are not reviewed yet.**",
        );

        // The follow-up dialog says the notes are not reviewed and reviews them in one click.
        await page.getByRole("button", { name: "Draft follow-up" }).click();
        const dialog = page.getByRole("dialog", { name: "Draft follow-up" });
        await dialog.getByText("These notes are not reviewed yet. Review them before they go to the client.").waitFor();
        expect(await audit(page, `${label} follow-up, notes not reviewed`)).toEqual([]);
        await dialog.getByRole("button", { name: "Mark as reviewed" }).click();
        await dialog.getByText("These notes are not reviewed yet.").waitFor({ state: "detached" });
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
        await review.getByText(/^Reviewed by Morgan Reyes on /).waitFor();
        expect(await page.getByText(/not reviewed yet/).count()).toBe(0);

        // The export carries the corrected notes and leaves the private notes out.
        const [file] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: "Markdown", exact: true }).click(),
        ]);
        const text = readFileSync((await file.path())!).toString();
        expect(text).toContain("We kept the allocation and planned the school fees.");
        expect(text).toContain("**Reviewed by Morgan Reyes on ");
        expect(text).toContain("- Keep the bond allocation");
        expect(text).not.toContain("nephew");
        expect(await audit(page, `${label} reviewed notes`)).toEqual([]);
        await screenshot(page, `review-done-${label}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  });
}
