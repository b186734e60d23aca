// After the meeting, in the browser at desktop and mobile widths: action items ticked off and edited on the meeting
// page, the Tasks page (open items by client, overdue ones marked, done ones on their tab, reached from the
// dashboard's "Meeting Insights" card), and a speaker renamed from the transcript tab.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { format, subDays } from "date-fns";
import type { Browser, Page } from "playwright-core";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import type { TestServer } from "../../api/test/test-server";
import { upsertSummary } from "../../db/src/queries/summaries";
import { audit } from "./axe";
import { launchBrowser, openPage, screenshot, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { signInContext } from "./session";

const WIDTHS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "mobile", width: 375, height: 812 },
] as const;
const OVERDUE = format(subDays(new Date(), 3), "yyyy-MM-dd");

let server: TestServer;
let browser: Browser;
let ownBuild: OwnBuildServer;

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-tasks-dist-");
  server = ownBuild.server;
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ownBuild?.stop();
});

/** A signed-in advisor with two clients' processed meetings and their action items (one overdue). */
async function seedAdvisor(page: Page) {
  const { user } = await signInContext(page.context(), server);
  const sql = server.ctx.db.sql;
  const hendricks = await seedClient(sql, user.id, "Hendricks Family Trust");
  const okafor = await seedClient(sql, user.id, "Okafor Holdings");
  const review = await seedProcessedMeeting(sql, user.id, hendricks.id, {
    title: "Q1 allocation review",
    date: subDays(new Date(), 2),
  });
  await upsertSummary(sql, review, {
    executiveSummary: "The trustees approved moving 5% into short-term bonds.",
    keyPoints: ["Rebalance toward bonds"],
    actionItems: [
      { task: "Send the trade list for signature", assignee: "Morgan", dueDate: OVERDUE },
      { task: "Confirm the tuition payment date", assignee: "Dana" },
    ],
    nextMeeting: null,
  });
  const estate = await seedProcessedMeeting(sql, user.id, okafor.id, {
    title: "Estate planning",
    date: subDays(new Date(), 5),
  });
  await upsertSummary(sql, estate, {
    executiveSummary: "The estate plan was outlined.",
    keyPoints: [],
    actionItems: [{ task: "Draft the trust amendment", assignee: "Morgan" }],
    nextMeeting: null,
  });
  return { review };
}

for (const size of WIDTHS) {
  describe(`tasks and speakers at ${size.name} width (${size.width}px)`, () => {
    let page: Page;
    let errors: string[];
    let review: number;

    beforeAll(async () => {
      ({ page, errors } = await openPage(browser, { width: size.width, height: size.height }));
      page.setDefaultTimeout(15_000);
      ({ review } = await seedAdvisor(page));
    }, 60_000);
    afterAll(async () => {
      await page?.context().close();
    });

    async function visit(path: string) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
    }

    const actionItems = () =>
      page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Action Items", exact: true }) });

    test("the dashboard's Meeting Insights card leads to the Tasks page", async () => {
      await visit("/dashboard");
      await page.getByRole("link", { name: "View tasks" }).waitFor();
      await screenshot(page, `dashboard-tasks-link-${size.name}`);
      await page.getByRole("link", { name: "View tasks" }).click();
      await page.waitForURL(/\/tasks$/);
      await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();
    });

    test("the Tasks page lists open items by client with the overdue one marked; ticking one moves it to Done", async () => {
      await visit("/tasks");
      const groups = page.locator("main section.card h2");
      expect(await groups.allTextContents()).toEqual(["Hendricks Family Trust2 items", "Okafor Holdings1 item"]);
      const overdue = page.locator("li[data-overdue]");
      // Overdue is marked against the browser's today once the page has rendered on the client: wait for the mark.
      await overdue.first().waitFor();
      expect(await overdue.count()).toBe(1);
      expect(await overdue.textContent()).toContain("Send the trade list for signature");
      expect(await overdue.textContent()).toContain("Overdue");
      expect(await page.getByText("3 open, 1 overdue").count()).toBe(1);
      expect(await audit(page, `/tasks ${size.name}`)).toEqual([]);
      await screenshot(page, `tasks-${size.name}`);

      // click, not check(): a ticked item leaves the Open list at once, and check() reads the box again after its
      // click, so it failed whenever the list was quicker than that read.
      await page.getByRole("checkbox", { name: "Done: Draft the trust amendment" }).click();
      await page.getByText("2 open, 1 overdue").waitFor();
      expect(await page.getByRole("heading", { name: /Okafor Holdings/ }).count()).toBe(0);
      await page.getByRole("tab", { name: "Done" }).click();
      await page.getByRole("checkbox", { name: "Done: Draft the trust amendment" }).waitFor();
      expect(await page.getByRole("checkbox", { name: "Done: Draft the trust amendment" }).isChecked()).toBe(true);
      await page.getByRole("link", { name: "Estate planning" }).waitFor();
    });

    test("on the meeting page an item is ticked off and its assignee and due date edited", async () => {
      await visit(`/meetings/${review}`);
      const section = actionItems();
      const tuition = section.locator("li").filter({ hasText: "Confirm the tuition payment date" });
      await tuition.getByRole("checkbox").check();
      await tuition.locator("p.line-through").waitFor();
      await section
        .getByRole("button", { name: "Edit assignee and due date: Send the trade list for signature" })
        .click();
      await section.getByRole("textbox", { name: "Assignee", exact: true }).fill("Priya Shah");
      await section.getByLabel("Due date", { exact: true }).fill("2031-05-20");
      await section.getByRole("button", { name: "Save" }).click();
      const trade = section.locator("li").filter({ hasText: "Send the trade list for signature" });
      await trade.getByText("Assigned to: Priya Shah").waitFor();
      await trade.getByText("Due May 20, 2031").waitFor();
      expect(await trade.getByText("Overdue").count()).toBe(0);
      await screenshot(page, `action-items-${size.name}`);
      const [row] = await server.ctx.db.sql<{ assignee: string; due: string }[]>`
        select assignee, due_date::text as due from action_items
        where meeting_id = ${review} and task = 'Send the trade list for signature'`;
      expect(row).toEqual({ assignee: "Priya Shah", due: "2031-05-20" });
    });

    test("a speaker is renamed from the transcript tab, and the transcript follows", async () => {
      await visit(`/meetings/${review}`);
      await page.getByRole("tab", { name: "Full Transcript" }).click();
      const speakers = page.getByRole("region", { name: "Speakers" });
      // The tab's data (speakers among it) may still be on its way when the tab opens: read the list once it is there.
      await speakers.locator("li span.font-medium").nth(1).waitFor();
      expect(await speakers.locator("li span.font-medium").allTextContents()).toEqual(["Morgan", "Dana"]);
      await speakers.getByRole("button", { name: "Rename Dana" }).click();
      await speakers.getByLabel("New name for Dana").fill("Dana Whitfield");
      await speakers.getByRole("button", { name: "Rename", exact: true }).click();
      await page.locator("[data-scope=toast][data-part=root]").filter({ hasText: "Speaker renamed" }).waitFor();
      await page.getByText("Dana Whitfield:").waitFor();
      expect(await speakers.locator("li span.font-medium").allTextContents()).toEqual(["Morgan", "Dana Whitfield"]);
      expect(await audit(page, `/meetings/:id transcript ${size.name}`)).toEqual([]);
      await screenshot(page, `speakers-${size.name}`);
      await page.getByRole("tab", { name: "Summary" }).click();
      await actionItems().getByText("Assigned to: Dana Whitfield").waitFor();
      expect(errors).toEqual([]);
    });
  });
}
