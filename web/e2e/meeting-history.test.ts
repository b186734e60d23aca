// The meeting page's History tab in a browser (issue 39): the AI's first draft and the adviser's edit, each with who
// and when, a version shown whole on request, and the follow-up e-mail as sent. A screenshot goes to web/test-results/.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { seedClient, seedProcessedMeeting } from "../../api/test/support/seed-meeting";
import { startTestServer, type TestServer } from "../../api/test/test-server";
import { audit } from "./axe";
import { launchBrowser, openPage, screenshot, waitForHydration } from "./browser";
import { signInContext } from "./session";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("History shows the AI's draft, the edit with who and when, and the e-mail sent", async () => {
  const { page, context, errors } = await openPage(browser);
  const { user, sid } = await signInContext(context, server, "Avery Adviser");
  const client = await seedClient(server.ctx.db.sql, user.id, "Okafor Family");
  await server.ctx.db.sql`update clients set emails = array['dana@example.com'] where id = ${client.id}`;
  const meetingId = await seedProcessedMeeting(server.ctx.db.sql, user.id, client.id, {
    title: "Annual review",
    date: new Date("2026-05-04T10:00:00Z"),
  });
  const api = (path: string, method: string, body: unknown) =>
    server.fetch(path, {
      method,
      headers: { "content-type": "application/json", cookie: `cm_session=${sid}` },
      body: JSON.stringify(body),
    });
  expect(
    (await api(`/api/meetings/${meetingId}/summary`, "PATCH", { executiveSummary: "A smaller move into bonds." }))
      .status,
  ).toBe(200);
  expect(
    (
      await api(`/api/meetings/${meetingId}/follow-up`, "POST", {
        to: ["dana@example.com"],
        subject: "Our annual review",
        body: "Dear Dana,\n\nThank you for today.",
      })
    ).status,
  ).toBe(201);

  await page.goto(`${server.url}/meetings/${meetingId}?tab=history`);
  await waitForHydration(page);
  const changes = page.getByRole("region", { name: "Changes" });
  await changes.getByText("— The AI's first draft").waitFor();
  await changes.getByText("Edited by Avery Adviser").waitFor();
  expect(await changes.getByText("Changed: executive summary").count()).toBe(1);
  await changes.getByRole("button", { name: "Show this version" }).last().click();
  await changes.getByText("approved moving 5%", { exact: false }).waitFor();
  const emails = page.getByRole("region", { name: "E-mails sent" });
  await emails.getByText("Our annual review").waitFor();
  await emails.getByText("from summary version 2", { exact: false }).waitFor();
  await emails.getByRole("button", { name: "Show the e-mail as sent" }).click();
  await emails.getByText("Thank you for today.", { exact: false }).waitFor();
  await screenshot(page, "meeting-history");
  expect(await audit(page, "meeting history")).toEqual([]);
  expect(errors).toEqual([]);
});
