// Meeting intelligence on meetings nobody wrote for the product: the advisor-meetings set (twelve meetings of
// seven clients in the formats of eight tools, a truth file and 70 questions; ../shared/data/advisor-meetings).
// The app starts through the production wiring with its worker; a new account creates the clients, uploads every
// meeting through POST /api/meetings/upload (dated as the set's README says), waits for processing, then asks
// every question through POST /api/search (follow-ups with the previous turn as conversationHistory). Prints:
// parsing (speakers, leftovers), notes (action items with assignee, due dates, next meeting, key facts, items
// without a transcript moment) and answers per kind. Matching rules: support/notes-scoring.ts, answer-scoring.ts.
//
//   bun run bench intelligence                    embedded database, the production embedder (sentence encoder)
//   bun run api/bench/intelligence.ts --db native TEST_DATABASE_URL's PostgreSQL server instead
//   ... --embedder hashing    ... --json out.json    ... --data DIR    ... --time-limit 1800 (seconds)    ... --verbose
//   ... --only WORDS   only the questions holding WORDS (and their follow-ups); "A|B" for either    ... --show   every answer whole
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { json, registerAndSignIn } from "../test/auth-helpers";
import { startTestServer, type TestServer, WITH_WORKER } from "../test/test-server";
import {
  daysBefore,
  fillPlaceholders,
  findAdvisorSet,
  loadAdvisorSet,
  type Question,
  type TruthMeeting,
} from "./support/advisor-set";
import { type Answer, type AnswerScore, expectsNothing, scoreAnswer } from "./support/answer-scoring";
import { printReport } from "./support/intelligence-report";
import { type MeetingScore, type Summary, scoreMeeting, TASK_OVERLAP } from "./support/notes-scoring";
import { ROOT } from "./support/upload-harness";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "embedded" },
    embedder: { type: "string", default: "sentence-encoder" },
    json: { type: "string" },
    data: { type: "string" },
    "time-limit": { type: "string", default: "1800" },
    verbose: { type: "boolean", default: false },
    only: { type: "string" },
    show: { type: "boolean", default: false },
  },
});
if (args.db === "native") process.env.TEST_DB_TARGET = "native";
const deadline = Date.now() + Number(args["time-limit"]) * 1000;
// Bounded whatever happens inside: a stuck step ends the run with a message.
const started = performance.now();
const guard = setTimeout(
  () => {
    console.error(`(stopped: over the time limit of ${args["time-limit"]} s)`);
    process.exit(2);
  },
  Number(args["time-limit"]) * 1000 + 60_000,
);

/** Progress on stderr, so the table on stdout stays clean. */
const progress = (line: string) => console.error(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${line}`);

/** Past the time limit: the step stops and the report covers what was done (and says what was not). */
function isOverTime(step: string): boolean {
  if (Date.now() <= deadline) return false;
  progress(`time limit reached while ${step}; reporting what was done`);
  return true;
}

const dir = findAdvisorSet(ROOT, args.data);
const { truth, questions: allQuestions } = loadAdvisorSet(dir);
const onlyWords = (args.only ?? "").toLowerCase().split("|").filter(Boolean);
const questions = onlyWords.length
  ? allQuestions.filter((q) => onlyWords.some((words) => q.q.toLowerCase().includes(words)))
  : allQuestions;
const today = daysBefore(new Date(), 0);

const server = await startTestServer({ ...WITH_WORKER, LOCAL_EMBEDDER: args.embedder, OFFLINE_SPEECH: "off" });
try {
  const { cookie } = await registerAndSignIn(server);
  const meetings = await uploadMeetings(server, cookie, truth);
  const processedAt = performance.now();
  const scores: MeetingScore[] = [];
  for (const { meta, id, date } of meetings) {
    const detail = await (await server.fetch(`/api/meetings/${id}`, { headers: { cookie } })).json();
    scores.push(scoreMeeting(meta, date, detail.summary as Summary | null, detail.transcript?.segments ?? []));
  }
  const fileOfMeeting = new Map(meetings.map((m) => [m.id, m.meta.file]));
  const answers = await askQuestions(server, cookie, questions, fileOfMeeting);
  const seconds = {
    processing: (processedAt - started) / 1000,
    questions: (performance.now() - processedAt) / 1000,
  };
  const report = {
    runDate: today.toISOString(),
    database: args.db,
    embedder: args.embedder,
    rules: { taskOverlap: TASK_OVERLAP },
    seconds,
    meetings: scores,
    answers,
  };
  printReport(report, args.verbose ?? false);
  if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
} finally {
  await server.stop();
  clearTimeout(guard);
}

async function uploadMeetings(server: TestServer, cookie: string, set: TruthMeeting[]) {
  const clients = new Map<string, number>();
  for (const meeting of set) {
    if (clients.has(meeting.client)) continue;
    const response = await server.fetch(
      "/api/clients",
      json({ name: meeting.client, type: meeting.clientType }, cookie),
    );
    if (response.status !== 201)
      throw new Error(`creating ${meeting.client}: ${response.status} ${await response.text()}`);
    clients.set(meeting.client, (await response.json()).id);
  }
  const uploaded: { meta: TruthMeeting; id: number; date: Date }[] = [];
  for (const meta of set) {
    const date = daysBefore(today, meta.daysAgo);
    const text = fillPlaceholders(await Bun.file(`${dir}/${meta.file}`).text(), date);
    const form = new FormData();
    // Noon of the meeting's day, so no time zone moves it to another day.
    const at = new Date(date.getFullYear(), date.getMonth(), date.getDate(), 12);
    form.set(
      "meetingData",
      JSON.stringify({ title: meta.title, clientId: clients.get(meta.client), date: at.toISOString() }),
    );
    form.set("audioFile", new Blob([text], { type: "text/plain" }), meta.file);
    const response = await server.fetch("/api/meetings/upload", { method: "POST", body: form, headers: { cookie } });
    if (response.status !== 201) throw new Error(`uploading ${meta.file}: ${response.status} ${await response.text()}`);
    uploaded.push({ meta, id: (await response.json()).id, date });
  }
  for (const meeting of uploaded) {
    for (;;) {
      if (isOverTime(`processing ${meeting.meta.file}`)) return uploaded;
      const detail = await (await server.fetch(`/api/meetings/${meeting.id}`, { headers: { cookie } })).json();
      if (detail.status === "Failed") throw new Error(`${meeting.meta.file} failed: ${detail.failureReason}`);
      if (detail.status === "Processed") {
        progress(`processed ${meeting.meta.file}`);
        break;
      }
      await Bun.sleep(250);
    }
  }
  // Search indexes after the summary: wait until no job is left for this account's meetings.
  await waitForIdleJobs(server);
  return uploaded;
}

async function waitForIdleJobs(server: TestServer) {
  for (;;) {
    if (isOverTime("indexing")) return;
    const [row] = await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from jobs
      where meeting_id is not null and (status = 'running' or (status = 'queued' and run_at <= now()))`;
    if (!row || row.n === 0) return;
    await Bun.sleep(250);
  }
}

async function ask(server: TestServer, cookie: string, query: string, history: { role: string; content: string }[]) {
  const response = await server.fetch("/api/search", json({ query, conversationHistory: history }, cookie));
  if (response.status !== 200)
    return { result: `(HTTP ${response.status}) ${await response.text()}`, sources: [] } as Answer;
  return (await response.json()) as Answer;
}

async function askQuestions(server: TestServer, cookie: string, set: Question[], fileOfMeeting: Map<number, string>) {
  const scores: (AnswerScore & { turn: "first" | "follow-up"; ms: number })[] = [];
  for (const [index, question] of set.entries()) {
    if (index % 10 === 0) progress(`asking question ${index + 1} of ${set.length}`);
    if (isOverTime("asking questions")) {
      console.log(`(time limit: ${set.length - index} of ${set.length} questions not asked)`);
      break;
    }
    const q = fillPlaceholders(question.q, today);
    const t0 = performance.now();
    const answer = await ask(server, cookie, q, []);
    const ms = performance.now() - t0;
    if (args.show) console.error(`\nQ: ${q}\nA: ${answer.result}`);
    const expect = new RegExp(fillPlaceholders(question.expect, today), "i");
    scores.push({ ...scoreAnswer({ ...question, q }, expect, answer, fileOfMeeting), turn: "first", ms });
    if (!question.followUp) continue;
    const follow = question.followUp;
    const fq = fillPlaceholders(follow.q, today);
    const t1 = performance.now();
    const second = await ask(server, cookie, fq, [
      { role: "user", content: q },
      { role: "assistant", content: answer.result },
    ]);
    if (args.show) console.error(`\nQ: ${fq}\nA: ${second.result}`);
    const followExpect = new RegExp(fillPlaceholders(follow.expect, today), "i");
    scores.push({
      ...scoreAnswer(
        { q: fq, type: "follow-up (second turn)", expect: follow.expect, cites: follow.cites },
        followExpect,
        second,
        fileOfMeeting,
      ),
      turn: "follow-up",
      ms: performance.now() - t1,
    });
  }
  return scores.map((s) => ({ ...s, expectsNothing: expectsNothing(s.type) }));
}
