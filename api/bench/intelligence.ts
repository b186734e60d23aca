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
//   ... --set 2        the second practice, advisor-meetings-2 (its own regex truth; support/advisor-set-2.ts,
//                      set2-notes-scoring.ts, set2-answer-scoring.ts); --set both runs the two sets, one account
//                      each, and prints them apart and together (issue 28's table, support/issue-figures.ts).
//                      --data DIR is recognised by its files (set 2's truth.json is an object with "meetings").
//   ... --set 3        the third practice, advisor-meetings-3 (a law firm; set 2's schema, loader and scorers);
//                      --set all runs the three, one account each, reported apart.
// Every run ends with issue 38's figures per set (support/first-figures.ts): action items precision and recall,
// confident answers and wrong leads among them (support/lead-scoring.ts), the fact within the first 400 characters,
// next meetings on a wrong day (support/wrong-day.ts), key facts, and the follow-up e-mail checks on each meeting's
// draft from GET /api/meetings/{id}/follow-up (support/follow-up-checks.ts). --json holds all of it per set.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { json, registerAndSignIn } from "../test/auth-helpers";
import { startTestServer, type TestServer, WITH_WORKER } from "../test/test-server";
import {
  daysBefore,
  fillPlaceholders,
  findAdvisorSet,
  isFirmRole,
  loadAdvisorSet,
  type Question,
  type TruthMeeting,
} from "./support/advisor-set";
import {
  FIRM_OF_SET,
  fillDeep,
  fillSet2,
  findSecondSet,
  isSecondSet,
  loadSecondSet,
  meetingDay,
  type Set2Meeting,
} from "./support/advisor-set-2";
import { type Answer, type AnswerScore, expectsNothing, scoreAnswer } from "./support/answer-scoring";
import { type ConfidenceSample, confidenceSample } from "./support/confidence-sample";
import { type FirstFigures, firstFigures, printFirstFigures } from "./support/first-figures";
import { checkFollowUp, type FollowUpResult, firmSpeaker, type Segment } from "./support/follow-up-checks";
import { printReport } from "./support/intelligence-report";
import { firstSetFigures, type IssueFigures, printIssueTable, secondSetFigures } from "./support/issue-figures";
import { type LeadScore, scoreLead } from "./support/lead-scoring";
import { set1NextWithTopics } from "./support/next-topics";
import { type MeetingScore, type Summary, scoreMeeting, TASK_OVERLAP } from "./support/notes-scoring";
import { type NotesShape, notesShape } from "./support/notes-shape";
import { scoreSet2Answer } from "./support/set2-answer-scoring";
import { scoreSet2Meeting } from "./support/set2-notes-scoring";
import { printSet2Report } from "./support/set2-report";
import { ROOT } from "./support/upload-harness";
import { set1WrongDay, set2WrongDay } from "./support/wrong-day";

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
    set: { type: "string", default: "1" },
  },
});
const SETS = ["1", "2", "3", "both", "all"];
if (!SETS.includes(args.set ?? "1")) throw new Error(`--set is 1, 2, 3, both or all, not "${args.set}"`);
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

// --data names one set, recognised by its files; otherwise --set picks (set 1 by default, as before).
const dataIsSecond = args.data !== undefined && isSecondSet(args.data);
const runFirst = args.data ? !dataIsSecond : ["1", "both", "all"].includes(args.set ?? "1");
// Sets of set 2's schema to run: set 2, set 3 (a --data folder of that schema is set 3 with --set 3, else set 2).
const schemaTwoSets: { label: string; name: string }[] = args.data
  ? dataIsSecond
    ? [
        args.set === "3"
          ? { label: "set 3", name: "advisor-meetings-3" }
          : { label: "set 2", name: "advisor-meetings-2" },
      ]
    : []
  : [
      ...(["2", "both", "all"].includes(args.set ?? "1") ? [{ label: "set 2", name: "advisor-meetings-2" }] : []),
      ...(["3", "all"].includes(args.set ?? "1") ? [{ label: "set 3", name: "advisor-meetings-3" }] : []),
    ];
const runSecond = schemaTwoSets.length > 0;
const onlyWords = (args.only ?? "").toLowerCase().split("|").filter(Boolean);
const only = <T>(all: T[], text: (q: T) => string) =>
  onlyWords.length ? all.filter((q) => onlyWords.some((words) => text(q).toLowerCase().includes(words))) : all;
const today = daysBefore(new Date(), 0);

const server = await startTestServer({ ...WITH_WORKER, LOCAL_EMBEDDER: args.embedder, OFFLINE_SPEECH: "off" });
try {
  const columns: [string, IssueFigures][] = [];
  const firsts: [string, FirstFigures][] = [];
  const reports: Record<string, unknown> = {};
  if (runFirst) {
    const { report, figures, first } = await runFirstSet(findAdvisorSet(ROOT, args.data));
    reports.set1 = report;
    columns.push(["set 1", figures]);
    firsts.push(["set 1", first]);
  }
  for (const { label, name } of schemaTwoSets) {
    const dir = findSecondSet(ROOT, args.data, name);
    const { report, figures, first } = await runSecondSet(dir, label, FIRM_OF_SET[name] ?? []);
    reports[label.replace(" ", "")] = report;
    columns.push([label, figures]);
    firsts.push([label, first]);
  }
  // Set 1 alone prints what it always printed (issue 38's figures after it); issue 28's table comes with set 2 or 3.
  if (runSecond) printIssueTable(columns);
  printFirstFigures(firsts);
  if (args.json) writeFileSync(args.json, JSON.stringify(runFirst && !runSecond ? reports.set1 : reports, null, 2));
} finally {
  await server.stop();
  clearTimeout(guard);
}

async function runFirstSet(dir: string) {
  const { truth, questions: allQuestions } = loadAdvisorSet(dir);
  const questions = only(allQuestions, (q) => q.q);
  // From the script's start, as before set 2 was added (server start-up included).
  const setStarted = started;
  const { cookie } = await registerAndSignIn(server);
  const meetings = await uploadMeetings(server, cookie, truth, dir);
  const processedAt = performance.now();
  const scores: MeetingScore[] = [];
  const shapes: NotesShape[] = [];
  const wrongDays: boolean[] = [];
  const withTopics: boolean[] = [];
  const followUps: (FollowUpResult | null)[] = [];
  const drafts: (string | null)[] = [];
  for (const { meta, id, date } of meetings) {
    const detail = await (await server.fetch(`/api/meetings/${id}`, { headers: { cookie } })).json();
    const summary = detail.summary as Summary | null;
    const segments: Segment[] = detail.transcript?.segments ?? [];
    scores.push(scoreMeeting(meta, date, summary, segments));
    const body = await followUpBody(server, cookie, id);
    shapes.push(
      notesShape(
        detail.summary,
        meta.participants.map((p) => p.name),
        body,
      ),
    );
    wrongDays.push(set1WrongDay(meta.nextMeeting, date, summary?.nextMeeting ?? null));
    withTopics.push(
      set1NextWithTopics(scores[scores.length - 1]!.nextMeeting.right, meta.nextMeeting, summary?.nextMeeting ?? null),
    );
    // The set's firm: its advisers, attorney, CPA and staff (their roles); everyone else is the client's side.
    const firm = meta.participants.filter((p) => isFirmRole(p.role)).map((p) => p.name);
    followUps.push(body === null ? null : checkFollowUp(body, segments, firmSpeaker(firm)));
    drafts.push(body);
  }
  const fileOfMeeting = new Map(meetings.map((m) => [m.id, m.meta.file]));
  const answers = await askQuestions(server, cookie, questions, fileOfMeeting);
  const seconds = {
    processing: (processedAt - setStarted) / 1000,
    questions: (performance.now() - processedAt) / 1000,
  };
  const figures = {
    ...firstSetFigures(scores, answers, shapes),
    nextWithTopics: { n: withTopics.filter(Boolean).length, of: withTopics.length },
  };
  const first = firstFigures(figures, answers, wrongDays, followUps);
  const report = {
    runDate: today.toISOString(),
    database: args.db,
    embedder: args.embedder,
    rules: { taskOverlap: TASK_OVERLAP },
    seconds,
    meetings: scores,
    answers,
    nextMeetingWrongDay: Object.fromEntries(meetings.map((m, i) => [m.meta.file, wrongDays[i]])),
    nextMeetingWithTopics: Object.fromEntries(meetings.map((m, i) => [m.meta.file, withTopics[i]])),
    followUps: Object.fromEntries(meetings.map((m, i) => [m.meta.file, { draft: drafts[i], ...followUps[i] }])),
    firstFigures: first,
  };
  printReport(report, args.verbose ?? false);
  printFollowUpFailures(
    "set 1",
    meetings.map((m) => m.meta.file),
    followUps,
  );
  return { report, figures, first };
}

/** Each failed follow-up check with the text that failed it (first two of each; --verbose for all). */
function printFollowUpFailures(label: string, names: string[], results: (FollowUpResult | null)[]) {
  const limit = args.verbose ? Number.POSITIVE_INFINITY : 2;
  console.log(`\n${label} follow-up e-mail checks (failed texts; --verbose for all):`);
  for (const [i, result] of results.entries()) {
    if (result === null) console.log(`  [${names[i]}] no draft`);
    for (const check of result?.failed ?? [])
      for (const text of (result?.evidence[check] ?? []).slice(0, limit))
        console.log(`  [${names[i]}, ${check}] ${text.slice(0, 160)}`);
  }
}

/** The follow-up e-mail's draft body (GET /api/meetings/{id}/follow-up), or null when there is none. */
async function followUpBody(server: TestServer, cookie: string, id: number): Promise<string | null> {
  const response = await server.fetch(`/api/meetings/${id}/follow-up`, { headers: { cookie } });
  return response.status === 200 ? ((await response.json()) as { body: string }).body : null;
}

async function runSecondSet(dir: string, label: string, firm: string[]) {
  const { meetings: rawMeetings, questions: allQuestions } = loadSecondSet(dir);
  const dates = Object.fromEntries(rawMeetings.map((m) => [m.key, meetingDay(today, m.daysAgo)]));
  const truth = rawMeetings.map((m) => fillDeep(m, dates[m.key]!, dates) as Set2Meeting);
  const questions = only(
    allQuestions.map((q) => fillDeep(q, null, dates)),
    (q) => q.question,
  );
  const setStarted = performance.now();
  const { cookie } = await registerAndSignIn(server);
  const clients = new Map<string, number>();
  for (const meeting of truth) {
    if (clients.has(meeting.client)) continue;
    const response = await server.fetch(
      "/api/clients",
      json({ name: meeting.client, type: meeting.clientType }, cookie),
    );
    if (response.status !== 201)
      throw new Error(`creating ${meeting.client}: ${response.status} ${await response.text()}`);
    clients.set(meeting.client, (await response.json()).id);
  }
  const uploaded: { meta: Set2Meeting; id: number; date: Date }[] = [];
  for (const meta of truth) {
    const date = dates[meta.key]!;
    // The README: fill the placeholders in the raw file text, then upload it as the advisor would.
    const text = fillSet2(await Bun.file(`${dir}/${meta.file}`).text(), date);
    const form = new FormData();
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
  await waitForProcessed(
    server,
    cookie,
    uploaded.map((u) => ({ id: u.id, file: u.meta.file })),
  );
  await waitForIdleJobs(server);
  const processedAt = performance.now();

  const meetings = [];
  const shapes: NotesShape[] = [];
  const wrongDays: boolean[] = [];
  const followUps: (FollowUpResult | null)[] = [];
  const drafts: (string | null)[] = [];
  const isFirm = firmSpeaker(firm);
  for (const { meta, id, date } of uploaded) {
    const detail = await (await server.fetch(`/api/meetings/${id}`, { headers: { cookie } })).json();
    const summary = detail.summary as Summary | null;
    meetings.push(scoreSet2Meeting(meta, date, summary));
    const body = await followUpBody(server, cookie, id);
    shapes.push(notesShape(detail.summary, meta.speakers, body));
    wrongDays.push(set2WrongDay(meta.nextMeeting, date, summary?.nextMeeting ?? null));
    followUps.push(body === null ? null : checkFollowUp(body, detail.transcript?.segments ?? [], isFirm));
    drafts.push(body);
  }
  const keyOfMeeting = new Map(uploaded.map((u) => [u.id, u.meta.key]));
  const answers = [];
  for (const [index, question] of questions.entries()) {
    if (index % 10 === 0) progress(`${label}: asking question ${index + 1} of ${questions.length}`);
    if (isOverTime("asking questions")) {
      console.log(`(time limit: ${questions.length - index} of ${questions.length} ${label} questions not asked)`);
      break;
    }
    const t0 = performance.now();
    const answer = await ask(server, cookie, question.question, []);
    const ms = performance.now() - t0;
    if (args.show) console.error(`\nQ [${question.id}]: ${question.question}\nA: ${answer.result}`);
    const offTopic = question.type === "off-topic";
    const lead = scoreLead(answer, question.expect, question.notExpect ?? [], offTopic);
    const sample = await confidenceSample(server, cookie, question.question, [], {
      expect: question.expect,
      notExpect: question.notExpect ?? [],
      expectsNothing: offTopic,
    });
    answers.push({
      ...scoreSet2Answer(question, answer, keyOfMeeting),
      ...lead,
      expectsNothing: offTopic,
      ms,
      confidence: answer.confidence,
      sample,
    });
  }
  const report = {
    runDate: today.toISOString(),
    database: args.db,
    embedder: args.embedder,
    seconds: {
      processing: (processedAt - setStarted) / 1000,
      questions: (performance.now() - processedAt) / 1000,
    },
    meetingDates: Object.fromEntries(Object.entries(dates).map(([key, d]) => [key, d.toDateString()])),
    meetings,
    shapes,
    answers,
    nextMeetingWrongDay: Object.fromEntries(uploaded.map((u, i) => [u.meta.key, wrongDays[i]])),
    followUps: Object.fromEntries(uploaded.map((u, i) => [u.meta.key, { draft: drafts[i], ...followUps[i] }])),
  };
  printSet2Report(report, args.verbose ?? false, label, dir);
  printFollowUpFailures(
    label,
    uploaded.map((u) => u.meta.key),
    followUps,
  );
  const figures = secondSetFigures(meetings, answers, shapes);
  const first = firstFigures(figures, answers, wrongDays, followUps);
  return { report: { ...report, firstFigures: first }, figures, first };
}

async function waitForProcessed(server: TestServer, cookie: string, meetings: { id: number; file: string }[]) {
  for (const meeting of meetings) {
    for (;;) {
      if (isOverTime(`processing ${meeting.file}`)) return;
      const detail = await (await server.fetch(`/api/meetings/${meeting.id}`, { headers: { cookie } })).json();
      if (detail.status === "Failed") throw new Error(`${meeting.file} failed: ${detail.failureReason}`);
      if (detail.status === "Processed") {
        progress(`processed ${meeting.file}`);
        break;
      }
      await Bun.sleep(250);
    }
  }
}

async function uploadMeetings(server: TestServer, cookie: string, set: TruthMeeting[], dir: string) {
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
  const scores: (AnswerScore &
    LeadScore & {
      turn: "first" | "follow-up";
      ms: number;
      confidence?: Answer["confidence"];
      sample: ConfidenceSample;
    })[] = [];
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
    const nothing = expectsNothing(question.type);
    scores.push({
      ...scoreAnswer({ ...question, q }, expect, answer, fileOfMeeting),
      ...scoreLead(answer, [expect], [], nothing),
      turn: "first",
      ms,
      confidence: answer.confidence,
      sample: await confidenceSample(server, cookie, q, [], {
        expect: [expect],
        notExpect: [],
        expectsNothing: nothing,
      }),
    });
    if (!question.followUp) continue;
    const follow = question.followUp;
    const fq = fillPlaceholders(follow.q, today);
    const t1 = performance.now();
    const history = [
      { role: "user" as const, content: q },
      { role: "assistant" as const, content: answer.result },
    ];
    const second = await ask(server, cookie, fq, history);
    if (args.show) console.error(`\nQ: ${fq}\nA: ${second.result}`);
    const followExpect = new RegExp(fillPlaceholders(follow.expect, today), "i");
    scores.push({
      ...scoreAnswer(
        { q: fq, type: "follow-up (second turn)", expect: follow.expect, cites: follow.cites },
        followExpect,
        second,
        fileOfMeeting,
      ),
      ...scoreLead(second, [followExpect], [], false),
      turn: "follow-up",
      ms: performance.now() - t1,
      confidence: second.confidence,
      sample: await confidenceSample(server, cookie, fq, history, {
        expect: [followExpect],
        notExpect: [],
        expectsNothing: false,
      }),
    });
  }
  return scores.map((s) => ({ ...s, expectsNothing: expectsNothing(s.type) }));
}
