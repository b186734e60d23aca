// Clients, tasks, the dashboard filter and planned meetings in the browser at desktop and mobile widths: a client
// edited from the Clients page, a task added for a client and edited on the Tasks page with the assignee filter, the
// dashboard's filter finding a meeting older than a week, and a planned meeting's page (no summary, follow-up or
// export; its briefing and "Upload recording" instead). Each page passes axe; screenshots go to web/test-results.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addDays, format, subDays } from "date-fns";
import type { Browser, Page } from "playwright-core";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import type { TestServer } from "../../api/test/test-server";
import { insertPlannedMeeting } from "../../db/src/queries/schedule";
import { audit } from "./axe";
import { launchBrowser, openPage, screenshot, waitForHydration } from "./browser";
import { type OwnBuildServer, startServerWithOwnBuild } from "./own-build-server";
import { signInContext } from "./session";

const WIDTHS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "mobile", width: 375, height: 812 },
] as const;
/** A meeting well outside Recent Activity's 7 days. */
const OLD_DAY = subDays(new Date(), 40);

let server: TestServer;
let browser: Browser;
let ownBuild: OwnBuildServer;

beforeAll(async () => {
  ownBuild = await startServerWithOwnBuild("cm-e2e-clients-dist-");
  server = ownBuild.server;
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await ownBuild?.stop();
});

for (const size of WIDTHS) {
  describe(`clients, tasks and planned meetings at ${size.name} width (${size.width}px)`, () => {
    let page: Page;
    let errors: string[];
    let plannedId: number;

    beforeAll(async () => {
      ({ page, errors } = await openPage(browser, { width: size.width, height: size.height }));
      page.setDefaultTimeout(15_000);
      const { user } = await signInContext(page.context(), server, "Morgan Reyes");
      const sql = server.ctx.db.sql;
      const client = await seedClient(sql, user.id, "Lindgren Partners", "Tax Advice");
      await seedProcessedMeeting(sql, user.id, client.id, { title: "Year-end planning", date: OLD_DAY });
      plannedId = await insertPlannedMeeting(sql, {
        userId: user.id,
        clientId: client.id,
        title: "Quarterly check-in",
        date: addDays(new Date(), 5),
      });
    }, 60_000);
    afterAll(async () => {
      await page?.context().close();
    });

    async function visit(path: string) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
    }

    test("a client's name, type and addresses are edited from the Clients page", async () => {
      await visit("/clients");
      await page.getByRole("button", { name: /Lindgren Partners/ }).click();
      // The client's actions line up in rows, left to right: never a ragged column beside a squeezed heading.
      const tops = await page.getByTestId("client-actions-bar").evaluate((bar) => {
        const top = (element: Element) => Math.round(element.getBoundingClientRect().top);
        const buttons = [...bar.querySelectorAll("button")];
        return { rows: new Set(buttons.map(top)).size, buttons: buttons.length };
      });
      expect(tops.rows).toBeLessThan(tops.buttons);
      await page.getByRole("button", { name: "Edit Client" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Client Name").fill("Lindgren & Holm");
      await dialog.getByLabel("Client E-mail addresses").fill("office@lindgren.example\nholm@lindgren.example");
      expect(await audit(page, `/clients edit dialog ${size.name}`)).toEqual([]);
      await screenshot(page, `client-edit-${size.name}`);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("button", { name: /Lindgren & Holm/ }).waitFor();
      // Restore the name the other steps look for.
      await page.getByRole("button", { name: "Edit Client" }).click();
      await page.getByRole("dialog").getByLabel("Client Name").fill("Lindgren Partners");
      await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
      await page.getByRole("button", { name: /Lindgren Partners/ }).waitFor();
    });

    test("a task added for the client is edited on the Tasks page and found by the assignee filter", async () => {
      await visit("/clients");
      await page.getByRole("button", { name: /Lindgren Partners/ }).click();
      await page.getByRole("button", { name: "Add task" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Task").fill("Ask for the signed engagement letter");
      await dialog.getByLabel("Assignee").fill("Morgan Reyes");
      await dialog.getByRole("button", { name: "Add task" }).click();
      await dialog.waitFor({ state: "detached" });

      await visit("/tasks");
      await page.getByText("Ask for the signed engagement letter").waitFor();
      await page.getByText("Added for Lindgren Partners").waitFor();
      // The client's name over its tasks shows whole, at any width (wrapped on a phone, never cut with "…").
      const name = page
        .getByRole("heading", { name: /^Lindgren Partners/ })
        .locator("span")
        .first();
      expect(await name.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true);
      await page.getByRole("button", { name: "Edit task: Ask for the signed engagement letter" }).click();
      const form = page.getByRole("form", { name: "Edit task: Ask for the signed engagement letter" });
      await form.getByLabel("Task").fill("Collect the signed engagement letter");
      await form.getByLabel("Assignee").fill("Lindgren office");
      await screenshot(page, `task-edit-${size.name}`);
      await form.getByRole("button", { name: "Save" }).click();
      await page.getByText("Collect the signed engagement letter").waitFor();

      // The seeded meeting's task is assigned to the advisor by name ("Morgan Reyes"); the edited one to the client.
      await page.getByText("The client", { exact: true }).click();
      await page.getByText("Collect the signed engagement letter").waitFor();
      await page.getByText("Send the trade list for signature").waitFor({ state: "detached" });
      await page.getByText("Me", { exact: true }).click();
      await page.getByText("Send the trade list for signature").waitFor();
      await page.getByText("Collect the signed engagement letter").waitFor({ state: "detached" });
      expect(await audit(page, `/tasks filtered ${size.name}`)).toEqual([]);
      await screenshot(page, `tasks-filter-${size.name}`);
    });

    test("the dashboard's date filter lists a meeting older than a week, under a heading that says so", async () => {
      await visit("/dashboard");
      await page.getByText("No meetings have been recorded recently.").waitFor();
      await page.getByLabel("Date").fill(format(OLD_DAY, "yyyy-MM-dd"));
      await page.getByRole("heading", { name: `Meetings on ${format(OLD_DAY, "MMMM d, yyyy")}` }).waitFor();
      await page.getByText("Year-end planning").waitFor();
      expect(await audit(page, `/dashboard filtered ${size.name}`)).toEqual([]);
      await screenshot(page, `dashboard-filtered-${size.name}`);
    });

    test("a planned meeting shows what is planned, its tasks and Upload recording, no summary, follow-up or export", async () => {
      await visit(`/meetings/${plannedId}`);
      const planned = page.getByRole("region", { name: "Planned meeting" });
      await planned.getByText("Planned meeting with Lindgren Partners").waitFor();
      await planned.getByRole("button", { name: "Upload recording" }).waitFor();
      await page.getByRole("heading", { name: "Briefing" }).waitFor();
      await page.getByText("Year-end planning").first().waitFor();
      expect(await page.getByRole("button", { name: "Draft follow-up" }).count()).toBe(0);
      expect(await page.getByRole("status", { name: "Loading summary" }).count()).toBe(0);
      expect(await page.getByRole("tab", { name: "Summary" }).count()).toBe(0);
      // A task added to the planned meeting is listed on its page.
      await page.getByRole("button", { name: "Add task" }).click();
      const dialog = page.getByRole("dialog", { name: "Add task" });
      await dialog.getByLabel("Task").fill(`Print the cash-flow forecast (${size.name})`);
      await dialog.getByRole("button", { name: "Add task" }).click();
      await dialog.waitFor({ state: "detached" });
      const tasks = page.getByRole("region", { name: "Tasks for this meeting" });
      await tasks.getByText(`Print the cash-flow forecast (${size.name})`).waitFor();
      expect(await audit(page, `/meetings planned ${size.name}`)).toEqual([]);
      await screenshot(page, `meeting-planned-${size.name}`);
      expect(errors).toEqual([]);
    });
  });
}
