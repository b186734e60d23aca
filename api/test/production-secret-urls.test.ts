// The production process (`bun run start`): a calendar feed token in a URL never reaches its log, and a forged
// X-Forwarded-Host does not get a foreign Origin past the origin guard when TRUST_PROXY is not set.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type ProductionProcess, startProductionProcess } from "./support/production-process";

let app: ProductionProcess;

beforeAll(async () => {
  app = await startProductionProcess({ SESSION_SECRET: "production-secret-urls-".padEnd(64, "x") });
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

test("a feed URL's token is logged as [redacted]", async () => {
  const token = "Zq7secretFeedToken0123456789abcdefghijklmnopq";
  expect((await app.request(`/api/calendar/${token}.ics`)).status).toBe(404);
  const deadline = Date.now() + 10_000;
  while (!app.output().includes("/api/calendar/[redacted].ics") && Date.now() < deadline) await Bun.sleep(100);
  expect(app.output()).toContain("/api/calendar/[redacted].ics");
  expect(app.output()).not.toContain(token);
}, 30_000);

test("without TRUST_PROXY a forged X-Forwarded-Host does not pass the origin guard", async () => {
  const response = await app.request("/api/register/check", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://evil.example", "x-forwarded-host": "evil.example" },
    body: JSON.stringify({ username: "someone" }),
  });
  expect(response.status).toBe(403);
}, 30_000);
