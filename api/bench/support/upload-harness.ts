// Shared pieces of api/bench/upload.ts: child servers on 127.0.0.1, an RSS sampler reading
// /proc/<pid>/status, and a multipart body generated on the fly (never held in memory).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import type { Subprocess } from "bun";

export function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

export interface Child {
  proc: Subprocess<"ignore", "ignore", "pipe">;
  url: string;
  /** The last 8 KB the server wrote to stderr (read continuously, so the pipe never fills). */
  stderrTail(): string;
}

/** Spawns `bun <script>` and waits until `readyPath` answers 200. */
export async function spawnServer(script: string, env: Record<string, string>, readyPath: string): Promise<Child> {
  const port = freePort();
  const proc = Bun.spawn([process.execPath, script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
  });
  let tail = "";
  const drained = (async () => {
    const decoder = new TextDecoder();
    for await (const bytes of proc.stderr) tail = (tail + decoder.decode(bytes, { stream: true })).slice(-8192);
  })();
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if (proc.exitCode !== null) {
      await drained;
      throw new Error(`${script} exited: ${tail}`);
    }
    const ok = await fetch(url + readyPath)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { proc, url, stderrTail: () => tail };
    await Bun.sleep(50);
  }
  proc.kill(9);
  throw new Error(`${script} did not start in 60 s`);
}

export async function stopServer(child: Child | undefined) {
  if (!child || child.proc.exitCode !== null) return;
  child.proc.kill("SIGTERM");
  const killed = await Promise.race([child.proc.exited.then(() => true), Bun.sleep(15_000).then(() => false)]);
  if (!killed) {
    child.proc.kill(9);
    await child.proc.exited;
  }
}

export const ROOT = new URL("../../..", import.meta.url).pathname;

/** Resident set size of a process in MB (VmRSS), or NaN once it is gone. */
export function readRssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function programOf(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return undefined;
  }
}

/** Every descendant of `pid` (its children's children too), from /proc/<pid>/task/<tid>/children. */
function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  const visit = (parent: number) => {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      let children = "";
      try {
        children = readFileSync(`/proc/${parent}/task/${task}/children`, "utf8");
      } catch {
        continue;
      }
      for (const child of children.split(" ").filter(Boolean).map(Number)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

/**
 * RSS of the process and all its descendants (ffprobe and ffmpeg of an upload's content check) in MB: what the server
 * costs the machine. Shared pages (the tools' libraries) count once per process, so this is an upper bound.
 */
export function readTreeRssMb(pid: number): number {
  let total = readRssMb(pid);
  const program = programOf(pid);
  for (const child of descendantsOf(pid)) {
    // Between its spawn (vfork) and exec a child shares the server's memory and reports it as its own: not counted.
    if (programOf(child) === program) continue;
    const rss = readRssMb(child);
    if (Number.isFinite(rss)) total += rss;
  }
  return total;
}

/**
 * The idle baseline the peak is compared with: RSS sampled for `settleMs` (garbage from start-up and the
 * warm-up is collected within about two seconds), then the median of the last second.
 */
export async function idleRssMb(pid: number, settleMs = 3000, read = readRssMb): Promise<number> {
  const samples: { at: number; rss: number }[] = [];
  const started = performance.now();
  while (performance.now() - started < settleMs) {
    samples.push({ at: performance.now() - started, rss: read(pid) });
    await Bun.sleep(20);
  }
  const last = samples
    .filter((s) => s.at >= settleMs - 1000)
    .map((s) => s.rss)
    .sort((a, b) => a - b);
  return last[Math.floor(last.length / 2)]!;
}

/** Samples RSS every `intervalMs` until stopped; reports the peak and how many samples were taken. */
export function sampleRss(pid: number, intervalMs = 20, read = readRssMb) {
  let peak = read(pid);
  let samples = 1;
  const timer = setInterval(() => {
    const rss = read(pid);
    if (rss > peak) peak = rss;
    samples++;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const rss = read(pid);
      if (rss > peak) peak = rss;
      return { peakMb: peak, samples: samples + 1 };
    },
  };
}

const PIECE_BYTES = 256 * 1024;
const LINE = new TextEncoder().encode(
  "Dana Whitfield: Let's keep six months of expenses in the high-yield savings account as the emergency fund.\n",
);

/** One second of 16 kHz mono 16-bit silence: the test file's audio. */
const AUDIO_BYTES = 32_000;
const WAV_HEAD_BYTES = 12 + 24 + 8 + AUDIO_BYTES + 8;

/**
 * The test file's start: a WAV recording (so the route takes it as audio: a transcript over 10 MB is refused) of one
 * second, then a RIFF `JUNK` chunk holding the rest of the file. ffmpeg skips the chunk, so the upload's length check
 * decodes one second and the figures measure receiving and storing the 500 MB (a real recording of that size adds the
 * decoding of every sample: see docs/measurements.md).
 */
function wavHead(fileBytes: number): Uint8Array {
  const head = new Uint8Array(WAV_HEAD_BYTES);
  const view = new DataView(head.buffer);
  const tag = (at: number, text: string) => head.set(new TextEncoder().encode(text), at);
  tag(0, "RIFF");
  view.setUint32(4, fileBytes - 8, true);
  tag(8, "WAVE");
  tag(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 16_000, true);
  view.setUint32(28, 32_000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  tag(36, "data");
  view.setUint32(40, AUDIO_BYTES, true);
  tag(44 + AUDIO_BYTES, "JUNK");
  view.setUint32(48 + AUDIO_BYTES, fileBytes - WAV_HEAD_BYTES, true);
  return head;
}

/**
 * Piece `index` of the test file: transcript-style lines, the first one numbered, so a piece stored twice,
 * out of order or overwritten changes the file's hash; piece 0 starts with the WAV head.
 */
function filePiece(index: number, size: number, fileBytes: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i += LINE.length) out.set(LINE.subarray(0, Math.min(LINE.length, size - i)), i);
  out.set(new TextEncoder().encode(`Part ${String(index).padStart(8, "0")}: `).subarray(0, size), 0);
  if (index === 0) out.set(wavHead(fileBytes).subarray(0, size), 0);
  return out;
}

/** SHA-256 of the test file of `fileBytes` bytes, computed apart from any timed upload. */
export function expectedFileHash(fileBytes: number): string {
  const hasher = new Bun.CryptoHasher("sha256");
  for (let i = 0, sent = 0; sent < fileBytes; i++, sent += PIECE_BYTES) {
    hasher.update(filePiece(i, Math.min(PIECE_BYTES, fileBytes - sent), fileBytes));
  }
  return hasher.digest("hex");
}

export async function hashFile(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of Bun.file(path).stream()) hasher.update(chunk);
  return hasher.digest("hex");
}

export interface MultipartUpload {
  body: ReadableStream<Uint8Array>;
  headers: Record<string, string>;
  length: number;
}

/**
 * A multipart/form-data body with a `meetingData` field and an `audioFile` of `fileBytes` bytes (a WAV recording,
 * see wavHead), produced piece by piece as the connection asks for it, with a boundary shaped like Chrome's.
 * Content-Length is sent, as browsers do for FormData.
 */
export function multipartUpload(meetingData: unknown, filename: string, fileBytes: number): MultipartUpload {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const random = crypto.getRandomValues(new Uint8Array(16));
  const boundary = `----WebKitFormBoundary${[...random].map((b) => alphabet[b % alphabet.length]).join("")}`;
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="meetingData"\r\n\r\n${JSON.stringify(meetingData)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="${filename}"\r\n` +
      "Content-Type: audio/wav\r\n\r\n",
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  let index = 0;
  let stage: "head" | "file" | "tail" | "done" = "head";
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === "head") {
        controller.enqueue(head);
        stage = "file";
      } else if (stage === "file") {
        const piece = filePiece(index++, Math.min(PIECE_BYTES, fileBytes - sent), fileBytes);
        controller.enqueue(piece);
        sent += piece.length;
        if (sent >= fileBytes) stage = "tail";
      } else if (stage === "tail") {
        controller.enqueue(tail);
        stage = "done";
      } else {
        controller.close();
      }
    },
  });
  const length = head.length + fileBytes + tail.length;
  return {
    body,
    length,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(length) },
  };
}

/**
 * The same multipart body written to a file, for a native client: the JavaScript body above tops out near
 * 280 MB/s on this machine, so with it both handlers measured the client rather than themselves.
 */
export async function writeMultipartFile(
  meetingData: unknown,
  filename: string,
  fileBytes: number,
  path: string,
): Promise<{ headers: Record<string, string> }> {
  const upload = multipartUpload(meetingData, filename, fileBytes);
  const sink = Bun.file(path).writer({ highWaterMark: 4 * 1024 * 1024 });
  for await (const piece of upload.body) {
    sink.write(piece);
    await sink.flush();
  }
  await sink.end();
  return { headers: { "content-type": upload.headers["content-type"]! } };
}

/** POSTs a prepared body file with curl (streamed from disk, Content-Length set); returns status and body. */
export async function postFileWithCurl(
  url: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const args = ["curl", "-sS", "-X", "POST", "-T", path, "-H", "Expect:", "-w", "\n%{http_code}"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const proc = Bun.spawn([...args, url], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`curl failed (${code}): ${err.trim()}`);
  const at = out.lastIndexOf("\n");
  return { status: Number(out.slice(at + 1)), body: out.slice(0, at) };
}
