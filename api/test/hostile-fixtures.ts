// Shared set-up of the adversarial suites (IDOR sweep, hostile input, fuzz): a real app with payments
// (against the local Stripe double) and a speech service (the loopback OpenAI-compatible double) switched on
// through configuration, so every route reaches its deep code.
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type OpenAiDouble, startOpenAiDouble } from "@cm/ai/test-support/openai-double";
import { makeTone } from "@cm/ai/test-support/tone-recording";
import { json } from "./auth-helpers";
import { type StripeDouble, startStripeDouble } from "./stripe-double";
import { waitForMeetingStatus } from "./support/meeting-steps";
import { startTestServer, type TestServer, WITH_WORKER } from "./test-server";

export interface HostileServer {
  server: TestServer;
  double: StripeDouble;
  openai: OpenAiDouble;
  stop(): Promise<void>;
}

/**
 * The real app on a fresh database, configured as a paying operator's: Stripe and an OpenAI-compatible service,
 * both loopback doubles. Audio uploads get past the "no speech service" refusal to the content checks (ffprobe)
 * that hostile files must fail.
 */
export async function startHostileServer(
  env: Record<string, string> = {},
  options: { worker?: boolean } = {},
): Promise<HostileServer> {
  const double = startStripeDouble();
  const openai = startOpenAiDouble({ apiKey: "sk-hostile" });
  const server = await startTestServer({
    STRIPE_SECRET_KEY: "sk_test_hostile",
    STRIPE_WEBHOOK_SECRET: "whsec_hostile",
    STRIPE_PRICE_REGISTRATION: "price_reg",
    STRIPE_PRICE_BASIC: "price_basic",
    STRIPE_PRICE_PREMIUM: "price_premium",
    STRIPE_PRICE_ENTERPRISE: "price_enterprise",
    STRIPE_API_BASE: double.url,
    OPENAI_API_KEY: "sk-hostile",
    OPENAI_BASE_URL: openai.baseURL,
    AI_RETRY_BASE_DELAY_MS: "5",
    LOGIN_LIMIT_PER_USERNAME: "100000",
    ...(options.worker ? WITH_WORKER : {}),
    ...env,
  });
  return {
    server,
    double,
    openai,
    async stop() {
      await server.stop();
      await double.stop();
      await openai.stop();
    },
  };
}

export function uploadForm(file: Blob, filename: string, meetingData: unknown) {
  const form = new FormData();
  form.set("meetingData", typeof meetingData === "string" ? meetingData : JSON.stringify(meetingData));
  form.set("audioFile", file, filename);
  return form;
}

export const upload = (server: TestServer, body: BodyInit, cookie: string, headers: Record<string, string> = {}) =>
  server.fetch("/api/meetings/upload", { method: "POST", body, headers: { cookie, ...headers } });

export async function createClient(server: TestServer, cookie: string, name: string, type = "Wealth Management") {
  const response = await server.fetch("/api/clients", json({ name, type }, cookie));
  if (response.status !== 201) throw new Error(`create client failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; name: string; type: string };
}

/** Uploads a plain-text transcript as a meeting of today; returns the created meeting. */
export async function uploadTranscript(
  server: TestServer,
  cookie: string,
  clientId: number,
  title: string,
  text = "Ann: We reviewed the portfolio.\nBob: I will send the report on Friday.",
) {
  const response = await upload(
    server,
    uploadForm(new Blob([text]), "meeting.txt", { title, clientId, date: new Date().toISOString(), type: "Uploaded" }),
    cookie,
  );
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; title: string; status: string };
}

/** A real two-second MP3 made by ffmpeg (a sine tone). */
export async function makeMp3(): Promise<Uint8Array<ArrayBuffer>> {
  const path = join(tmpdir(), `cm-hostile-${crypto.randomUUID()}.mp3`);
  await makeTone(path, { seconds: 2, bitrateKbps: 64, sampleRate: 44_100, channels: 1 });
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  await Bun.file(path).delete();
  return bytes;
}

export const recordingFiles = (server: TestServer) => readdirSync(join(server.ctx.config.dataDir, "recordings"));

export function waitForStatus(server: TestServer, cookie: string, id: number, timeoutMs = 20_000) {
  return waitForMeetingStatus(server, cookie, id, ["Processed", "Failed"], timeoutMs);
}

/** An error answer as the conventions want it: a JSON object with a string message. */
export async function readErrorBody(response: Response): Promise<{ message: string } | string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text);
    if (body && typeof body === "object" && typeof body.message === "string") return body;
  } catch {}
  return text;
}
