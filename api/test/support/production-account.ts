// An account on a production process (`bun run start`), made over HTTP as a customer makes one: register, sign in
// with the e-mailed code from the dev outbox, add a client; then uploads and status polls. Used by the fairness test
// and its benchmark.
import { latestCodeFor } from "../../src/mail/mailer";
import { mergeSetCookies, newAccount } from "../auth-helpers";
import type { ProductionProcess, RawResponse } from "./production-process";

export interface ProductionAccount {
  cookie: string;
  clientId: number;
}

const cookiesOf = (response: RawResponse, existing = "") =>
  mergeSetCookies(existing, response.headers["set-cookie"] ?? []);

function postJson(app: ProductionProcess, path: string, body: unknown, cookie = "") {
  return app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

export async function createProductionAccount(app: ProductionProcess): Promise<ProductionAccount> {
  const account = newAccount();
  const registered = await postJson(app, "/api/register", { ...account, role: "user", subscriptionPlan: "free" });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.body}`);
  const login = await postJson(app, "/api/login", { username: account.username, password: account.password });
  const { userId } = login.json<{ userId: number }>();
  const code = await latestCodeFor(app.dataDir, account.email);
  const verify = await postJson(app, "/api/verify-login", { userId, code }, cookiesOf(login));
  if (verify.status !== 200) throw new Error(`sign-in answered ${verify.status}: ${verify.body}`);
  const cookie = cookiesOf(verify, cookiesOf(login));
  const client = await postJson(app, "/api/clients", { name: "Fairweather Trust", type: "Trust" }, cookie);
  return { cookie, clientId: client.json<{ id: number }>().id };
}

/** Uploads a file as a meeting of the account's client; the meeting's id. */
export async function uploadToProduction(
  app: ProductionProcess,
  account: ProductionAccount,
  file: { name: string; type: string; bytes: Uint8Array },
): Promise<number> {
  const boundary = "----fairnessSuite";
  const meetingData = JSON.stringify({ title: file.name, clientId: account.clientId, date: "2026-05-04T12:00:00Z" });
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="meetingData"\r\n\r\n${meetingData}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const uploaded = await app.request("/api/meetings/upload", {
    method: "POST",
    headers: { cookie: account.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (uploaded.status !== 201) throw new Error(`upload of ${file.name} answered ${uploaded.status}: ${uploaded.body}`);
  return uploaded.json<{ id: number }>().id;
}

export async function meetingStatus(app: ProductionProcess, account: ProductionAccount, id: number) {
  const answer = await app.request(`/api/meetings/${id}`, { headers: { cookie: account.cookie } });
  return answer.json<{ status: string; failureReason: string | null }>();
}

/** Milliseconds from now until the meeting is Processed (throws if it fails or `timeoutMs` passes). */
export async function timeUntilProcessed(
  app: ProductionProcess,
  account: ProductionAccount,
  id: number,
  timeoutMs: number,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const meeting = await meetingStatus(app, account, id);
    if (meeting.status === "Processed") return performance.now() - started;
    if (meeting.status === "Failed") throw new Error(`meeting ${id} failed: ${meeting.failureReason}`);
    if (performance.now() - started > timeoutMs) throw new Error(`meeting ${id} not Processed within ${timeoutMs} ms`);
    await Bun.sleep(100);
  }
}

/** A one-minute transcript as a .vtt file: twelve five-second turns. */
export function oneMinuteTranscript(): Uint8Array {
  const at = (s: number) => `00:00:${String(s).padStart(2, "0")}.000`;
  let vtt = "WEBVTT\n\n";
  for (let i = 0; i < 12; i++) {
    const speaker = i % 2 === 0 ? "Priya Natarajan" : "Tom Ellery";
    vtt += `${at(i * 5)} --> ${at(i * 5 + 5)}\n<v ${speaker}>We looked at the pension transfer and the fees for item ${i + 1}.\n\n`;
  }
  return new TextEncoder().encode(vtt);
}

/** Lines of `ps` whose command names `text` (a data folder): the processes a server started for it. */
export async function processesNaming(text: string): Promise<string[]> {
  const ps = Bun.spawn({ cmd: ["ps", "-eo", "pid=,args="], stdout: "pipe" });
  const lines = (await new Response(ps.stdout).text()).split("\n");
  return lines.filter((line) => line.includes(text) && !line.includes(" ps "));
}
