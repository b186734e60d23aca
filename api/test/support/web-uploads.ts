// What the tests of the web app's upload code (web/src/components/recorder/, meetings/send-meeting-file.ts) share:
// they run that code on Bun against the real server, through tus-js-client's own Node HTTP stack with what a browser
// adds to a same-origin request, and real speech where the server checks the content.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { speak } from "@cm/ai/test-support/speak";
import { DefaultHttpStack, type HttpRequest, type HttpResponse, type HttpStack } from "tus-js-client";
import type { ChunkStore } from "../../../web/src/components/recorder/chunk-store";
import type { RecordingFeed } from "../../../web/src/components/recorder/recording-source";
import { runRecordingUpload, type UploadStatus } from "../../../web/src/components/recorder/recording-upload";
import { createPartialFiles } from "../../src/modules/uploads/partial-files";
import { json } from "../auth-helpers";
import type { TestServer } from "../test-server";
import { createSignedInUser } from "./signed-in-user";
import { readStored } from "./stored-files";

const WRITES = new Set(["POST", "PATCH", "DELETE"]);

/**
 * tus-js-client's default Node stack (real HTTP), given what the browser's XMLHttpRequest gives the web code: its
 * relative URLs (`/api/uploads/...`) resolved against the page's origin, the session cookie, `Origin` on writes, and
 * a Blob body sent as its bytes with its length. `log` keeps every request as "METHOD offset" ("PATCH 4096").
 */
export class SameOriginStack implements HttpStack {
  readonly log: string[] = [];
  private readonly inner = new DefaultHttpStack({});

  constructor(
    private readonly origin: string,
    private readonly cookie: string,
  ) {}

  createRequest(method: string, url: string): HttpRequest {
    const request = this.inner.createRequest(method, new URL(url, this.origin).href);
    request.setHeader("Cookie", this.cookie);
    if (WRITES.has(method)) request.setHeader("Origin", this.origin);
    const send = request.send.bind(request);
    request.send = async (body?: unknown): Promise<HttpResponse> => {
      this.log.push(`${method} ${request.getHeader("Upload-Offset") ?? ""}`.trim());
      if (!(body instanceof Blob)) return send(body ?? null);
      const bytes = new Uint8Array(await body.arrayBuffer());
      request.setHeader("Content-Length", String(bytes.length));
      return send(bytes);
    };
    return request;
  }

  getName(): string {
    return "same-origin NodeHttpStack";
  }

  /** The offsets of the PATCHes sent so far, in order. */
  patchOffsets(): number[] {
    return this.log.filter((line) => line.startsWith("PATCH")).map((line) => Number(line.split(" ")[1]));
  }
}

/** Waits until `check` holds, polling; fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 20_000, what = "the condition") {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
}

let users = 0;

/** A signed-in user with one client, for meetingData's clientId. */
export async function signedInWithClient(server: TestServer, prefix: string) {
  const user = await createSignedInUser(server.ctx.db.sql, `${prefix}${Date.now()}${++users}`);
  const created = await server.fetch("/api/clients", json({ name: "Lindqvist Trust", type: "Trust" }, user.cookie));
  return { ...user, clientId: (await created.json()).id as number };
}

/** About eight seconds of flite speech as a WAV file's bytes. */
export async function spokenWav(): Promise<Uint8Array<ArrayBuffer>> {
  const dir = await mkdtemp(join(tmpdir(), "cm-web-uploads-"));
  try {
    const path = join(dir, "speech.wav");
    await speak(path, [
      "We agreed to move five percent into short term bonds.",
      "Claire will sign the trade list on Friday.",
      "The next review is in June.",
    ]);
    return new Uint8Array(await Bun.file(path).arrayBuffer());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `bytes` cut into `count` pieces of about equal size, as MediaRecorder hands over a recording's chunks. */
export function piecesOf(bytes: Uint8Array<ArrayBuffer>, count: number): Uint8Array<ArrayBuffer>[] {
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, i) => bytes.slice(i * size, (i + 1) * size));
}

/** The audio file the server stored for a meeting. */
export async function storedAudio(server: TestServer, meetingId: number): Promise<Uint8Array> {
  const [row] = await server.ctx.db.sql<{ audio_path: string }[]>`select audio_path from meetings
    where id = ${meetingId}`;
  return readStored(server.ctx.storage, row!.audio_path);
}

/** How many meetings and resumable uploads the user has on the server. */
export async function countsOf(server: TestServer, userId: number) {
  const [row] = await server.ctx.db.sql<{ meetings: number; uploads: number }[]>`select
    (select count(*)::int from meetings where user_id = ${userId}) as meetings,
    (select count(*)::int from resumable_uploads where user_id = ${userId}) as uploads`;
  return row!;
}

/** Bytes of an unfinished upload the server has written to its partial file so far (0 before any). */
export async function partialBytes(server: TestServer, uploadUrl: string): Promise<number> {
  const id = uploadUrl.split("/").pop() ?? "";
  return (await createPartialFiles(server.ctx.config.dataDir).sizeOf(id)) ?? 0;
}

/**
 * The recording's upload runner as the recorder starts it, with short restarts and retries, through `origin` (the
 * server or a proxy in front of it); its statuses and its own request log. `cleanups` gets its stop.
 */
export function startRecordingRunner(
  setup: { store: ChunkStore; feed: RecordingFeed; user: { cookie: string } },
  origin: string,
  cleanups: (() => void)[],
) {
  const stack = new SameOriginStack(origin, setup.user.cookie);
  const statuses: UploadStatus[] = [];
  const runner = runRecordingUpload({
    store: setup.store,
    recordingId: "rec",
    feed: setup.feed,
    httpStack: stack,
    restartMs: 100,
    retryDelays: [0, 50],
    onStatus: (status) => statuses.push(status),
  });
  cleanups.push(runner.stop);
  return { statuses, runner, stack };
}
