// What the openai engine pays for one one-hour meeting (transcribe, summarise, index) and for one question, measured
// against the loopback OpenAI double: model calls, audio minutes sent, and tokens in and out at 4 characters a
// token (what the requests and responses carry, counted on the wire by a fetch wrapper, so any version of the engine
// is measured alike). The double speaks a realistic hour (api/bench/support/one-hour-vtt.ts, ~9,000 words).
//
//   bun ai/bench/openai-cost.ts [--minutes 60] [--chat-model gpt-4o-mini]   (TEST_DB_TARGET=native and
//   TEST_DATABASE_URL=postgres://... use a native Postgres instead of the embedded one)
//
// "Before" runs this same file in a checkout of the older code (git worktree add /tmp/before-13 93c4dde; copy
// this file there; `bun install`), printing the same table.

import { rmSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { insertClient } from "@cm/db/queries/clients";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { insertMeetingWithJob, setMeetingStatus } from "@cm/db/queries/meetings";
import { upsertSummary } from "@cm/db/queries/summaries";
import { insertUser } from "@cm/db/queries/users";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createIndexStore } from "@cm/db/stores/index-store";
import { createTestDatabase } from "@cm/db/testing";
import { buildMeetingVtt } from "../../api/bench/support/one-hour-vtt";
import { seedDemoData } from "../../api/src/seed/seed-demo-data";
import confidence from "../fitted/answer-confidence.json";
import { resolveFfprobePath } from "../src/audio/tool-paths";
import { indexMeeting } from "../src/intelligence/index-meeting";
import { createOpenAiEngine } from "../src/openai/create-openai-engine";
import { createOpenAiAnswerComposer } from "../src/openai/openai-answer-composer";
import { answerQuestion } from "../src/search/answer-question";
import { generateAudio } from "../test-support/generate-audio";
import { startOpenAiDouble } from "../test-support/openai-double";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "60" },
    "chat-model": { type: "string", default: "gpt-4o-mini" },
    // One question about the meeting, and one across every client's meetings (the widest context an answer gets).
    question: {
      type: "string",
      multiple: true,
      default: [
        "What did we discuss with the Hendricks Household in the annual review?",
        "What did we discuss in my meetings in 2026?",
      ],
    },
  },
});
const MINUTES = Number(args.minutes);

// ---------------------------------------------------------------------------------------------------------------
// The spoken hour: the VTT's cues, handed out in order to whichever audio piece is transcribed next.

interface Cue {
  seconds: number;
  text: string;
}

function parseCues(vtt: string): Cue[] {
  const cues: Cue[] = [];
  const lines = vtt.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const timing = lines[i]!;
    if (!timing.includes(" --> ")) continue;
    const [from, to] = timing.split(" --> ").map(toSeconds);
    const text = (lines[i + 1] ?? "").replace(/^<v [^>]*>/, "");
    cues.push({ seconds: Math.max(0.5, (to ?? 0) - (from ?? 0)), text });
  }
  return cues;
}

function toSeconds(stamp: string): number {
  const [h, m, s] = stamp.trim().split(":").map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

const cues = parseCues(buildMeetingVtt(MINUTES).text);
let cursor = 0;
function speakPiece(durationSeconds: number) {
  const segments: { start: number; end: number; text: string }[] = [];
  let clock = 0;
  while (clock < durationSeconds - 0.5) {
    const cue = cues[cursor++ % cues.length]!;
    const end = Math.min(durationSeconds, clock + cue.seconds);
    segments.push({ start: clock, end, text: ` ${cue.text}` });
    clock = end + 0.1;
  }
  return { text: segments.map((s) => s.text.trim()).join(" "), segments };
}

/**
 * A piece's length from a file, not a pipe: through a pipe ffprobe cannot size an mp3 without a Xing header, and the
 * double's own probe then says 10 s.
 */
function pieceSeconds(bytes: Uint8Array, fileName: string): number {
  const path = join(dir, `piece-${crypto.randomUUID()}-${fileName.replace(/[^\w.]/g, "")}`);
  writeFileSync(path, bytes);
  const ffprobe = resolveFfprobePath();
  const probe = Bun.spawnSync([ffprobe, "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path]);
  rmSync(path, { force: true });
  const probed = Number.parseFloat(probe.stdout.toString().trim());
  const seconds = Number.isFinite(probed) && probed > 0 ? probed : 10;
  tally.audioSeconds += seconds;
  return seconds;
}

// ---------------------------------------------------------------------------------------------------------------
// Counting on the wire.

interface Tally {
  chatCalls: number;
  embeddingCalls: number;
  transcriptionCalls: number;
  audioSeconds: number;
  promptTokens: number;
  completionTokens: number;
  embeddingTokens: number;
}

const emptyTally = (): Tally => ({
  chatCalls: 0,
  embeddingCalls: 0,
  transcriptionCalls: 0,
  audioSeconds: 0,
  promptTokens: 0,
  completionTokens: 0,
  embeddingTokens: 0,
});
let tally = emptyTally();
const tokens = (text: string) => Math.ceil(text.length / 4);

/** Chat input as billed: messages, plus tool definitions and a response_format schema when sent. */
function promptOf(body: Record<string, unknown>): string {
  return JSON.stringify([body.messages ?? [], body.tools ?? [], body.response_format ?? null]);
}

/** The text a chat response carries: content, tool arguments, or a stream's deltas. */
async function completionOf(response: Response, streamed: boolean): Promise<string> {
  const text = await response.text();
  if (!streamed) {
    const message = (JSON.parse(text) as { choices?: { message?: Record<string, unknown> }[] }).choices?.[0]?.message;
    const calls = (message?.tool_calls as { function?: { arguments?: string } }[] | undefined) ?? [];
    return `${message?.content ?? ""}${message?.refusal ?? ""}${calls.map((c) => c.function?.arguments ?? "").join("")}`;
  }
  let out = "";
  for (const line of text.split("\n")) {
    if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
    const delta = (JSON.parse(line.slice(6)) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta;
    out += delta?.content ?? "";
  }
  return out;
}

const countingFetch: typeof fetch = Object.assign(
  async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await fetch(input, init);
    const copy = response.clone();
    if (url.pathname.endsWith("/chat/completions")) {
      const body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
      tally.chatCalls++;
      tally.promptTokens += tokens(promptOf(body));
      if (copy.ok) tally.completionTokens += tokens(await completionOf(copy, body.stream === true));
    } else if (url.pathname.endsWith("/embeddings")) {
      const body = JSON.parse(String(init?.body ?? "{}")) as { input?: string | string[] };
      const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ""];
      tally.embeddingCalls++;
      tally.embeddingTokens += inputs.reduce((sum, text) => sum + tokens(String(text)), 0);
    } else if (url.pathname.endsWith("/audio/transcriptions")) {
      // Audio seconds are added where the double hears the piece (pieceSeconds).
      tally.transcriptionCalls++;
    }
    return response;
  },
  { preconnect: fetch.preconnect },
);

// ---------------------------------------------------------------------------------------------------------------

const dir = await mkdtemp(join(tmpdir(), "cm-openai-cost-"));
const double = startOpenAiDouble({ transcribe: (info) => speakPiece(pieceSeconds(info.bytes, info.fileName)) });
const db = await createTestDatabase();
const rows: [string, Tally][] = [];
try {
  const audio = join(dir, "meeting.mp3");
  await generateAudio(audio, [{ tone: MINUTES * 60, hz: 220 }], ["-ac", "1", "-ar", "16000", "-b:a", "32k"]);
  const common = { apiKey: "sk-bench", baseURL: double.baseURL, fetch: countingFetch, retry: { baseDelayMs: 5 } };
  const engine = createOpenAiEngine({ ...common, chatModel: args["chat-model"] });
  const composer = createOpenAiAnswerComposer({ ...common, model: args["chat-model"] });
  const sql = db.sql;

  // The demo account's other meetings, indexed before counting: a question searches them all.
  const user = await insertUser(sql, {
    username: "cost-bench",
    passwordHash: "x",
    email: "c@example.com",
    fullName: "C",
  });
  await seedDemoData(sql, user.id);
  for (const m of await sql<{ id: number }[]>`select id from meetings where user_id = ${user.id}`) {
    await indexMeeting({ store: createIndexStore(sql), embedder: engine.embedder }, m.id);
  }

  tally = emptyTally();
  const started = performance.now();
  const transcript = await engine.transcribeAudio({ path: audio });
  const transcribeTally = tally;
  tally = emptyTally();
  const meetingDate = new Date("2026-05-04T12:00:00Z");
  const client = await insertClient(sql, user.id, { name: "Hendricks Household", type: "Wealth Management" });
  const summary = await engine.summarise({ transcript, title: "Annual review", clientName: client.name, meetingDate });
  const summariseTally = tally;
  tally = emptyTally();
  const meetingId = await insertMeetingWithJob(
    sql,
    {
      userId: user.id,
      clientId: client.id,
      title: "Annual review",
      date: meetingDate,
      duration: MINUTES * 60,
      type: "Uploaded",
      status: "Processing",
      sourceKind: "audio",
      audioPath: null,
      audioMime: null,
    },
    null,
  );
  await upsertTranscript(sql, { meetingId, fullText: transcript.fullText, segments: transcript.segments });
  await upsertSummary(sql, meetingId, summary);
  await setMeetingStatus(sql, { meetingId, status: "Processed" });
  await indexMeeting({ store: createIndexStore(sql), embedder: engine.embedder }, meetingId);
  rows.push(["transcribe", transcribeTally], ["summarise", summariseTally], ["index", tally]);
  const meetingSeconds = (performance.now() - started) / 1000;

  const answers: string[] = [];
  for (const [index, question] of args.question.entries()) {
    tally = emptyTally();
    const answer = await answerQuestion(
      { store: createAnswerStore(sql), embedder: engine.embedder, composer, confidence },
      user.id,
      question,
      [],
    );
    rows.push([`question ${index + 1}`, tally]);
    answers.push(`${index + 1}. "${question}" (found: ${answer.found}, ${answer.result.length} characters)`);
  }

  const words = transcript.fullText.split(/\s+/).filter(Boolean).length;
  console.log(
    `One ${MINUTES}-minute meeting (${words} words transcribed, ${summary.actionItems.length} action items) ` +
      `on ${args["chat-model"]}, processed in ${meetingSeconds.toFixed(1)} s. Questions:\n${answers.join("\n")}\n`,
  );
  printTable(rows);
} finally {
  await db.close();
  await double.stop();
  await rm(dir, { recursive: true, force: true });
}

function printTable(table: [string, Tally][]) {
  const sum = (pick: (t: Tally) => number, names: string[]) =>
    table.filter(([n]) => names.includes(n)).reduce((s, [, t]) => s + pick(t), 0);
  const meeting = ["transcribe", "summarise", "index"];
  const lines = [
    "| Step | Transcription calls | Audio minutes | Chat calls | Chat tokens in | Chat tokens out | Embedding calls | Embedding tokens |",
    "| --- | --: | --: | --: | --: | --: | --: | --: |",
  ];
  const row = (name: string, pick: (f: (t: Tally) => number) => number) =>
    lines.push(
      `| ${name} | ${pick((t) => t.transcriptionCalls)} | ${(pick((t) => t.audioSeconds) / 60).toFixed(1)} | ` +
        `${pick((t) => t.chatCalls)} | ${pick((t) => t.promptTokens)} | ${pick((t) => t.completionTokens)} | ` +
        `${pick((t) => t.embeddingCalls)} | ${pick((t) => t.embeddingTokens)} |`,
    );
  for (const [name, t] of table) row(name, (f) => f(t));
  row("**one-hour meeting**", (f) => sum(f, meeting));
  console.log(lines.join("\n"));
}
