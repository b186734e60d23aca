// The notes alone, fast: each meeting of both advisor sets summarised by the local engine in-process (no server, no
// database), grounded, scored for key facts with the sets' truth regexes, checked for speaker-labelled quotes, and
// the follow-up draft composed from it. For iterating on the notes; the intelligence bench stays the measure.
//   bun run api/bench/notes-quick.ts [--show] [--email] [--record] [--only FILE-PART]
// --record lists every fact of the record with its confidence ("+" at or above the threshold); --said adds the
// transcript segment each fact was read from.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { groundSummary } from "@cm/ai/grounding";
import { summariseExtractive } from "@cm/ai/local";
import { readTranscriptFile } from "@cm/ai/transcript";
import { speakersInOrder } from "@cm/db/queries/transcript-segment-rows";
import factConfidence from "../../ai/fitted/fact-confidence.json";
import type { MeetingDocument } from "../src/modules/export/meeting-document";
import { composeFollowUp } from "../src/modules/follow-up/follow-up-draft";
import { fillPlaceholders, findAdvisorSet, loadAdvisorSet } from "./support/advisor-set";
import { fillDeep, findSecondSet, loadSecondSet, meetingDay } from "./support/advisor-set-2";
import { notesShape } from "./support/notes-shape";

const args = process.argv.slice(2);
const show = args.includes("--show");
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const root = join(import.meta.dir, "..", "..");
const today = new Date();

interface Case {
  set: 1 | 2 | 3;
  file: string;
  text: string;
  title: string;
  client: string;
  speakers: string[];
  date: Date;
  facts: { fact: string; re: string }[];
}

function cases(): Case[] {
  const out: Case[] = [];
  const dir1 = findAdvisorSet(root);
  for (const m of loadAdvisorSet(dir1).truth) {
    const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() - m.daysAgo, 12);
    out.push({
      set: 1,
      file: m.file,
      text: fillPlaceholders(readFileSync(join(dir1, m.file), "utf8"), date),
      title: m.title,
      client: m.client,
      speakers: m.participants.map((p) => p.name),
      date,
      facts: m.keyFacts.map((f) => ({ fact: f.fact, re: fillPlaceholders(f.pattern, date) })),
    });
  }
  for (const [set, name] of [
    [2, "advisor-meetings-2"],
    [3, "advisor-meetings-3"],
  ] as const) {
    const dir2 = findSecondSet(root, undefined, name);
    for (const raw of loadSecondSet(dir2).meetings) {
      const date = meetingDay(today, raw.daysAgo);
      date.setHours(12);
      const m = fillDeep(raw, date);
      out.push({
        set,
        file: m.file,
        text: fillDeep(readFileSync(join(dir2, m.file), "utf8"), date),
        title: m.title,
        client: m.client,
        speakers: m.speakers,
        date,
        facts: m.summaryFacts,
      });
    }
  }
  return only ? out.filter((c) => c.file.includes(only)) : out;
}

const totals = new Map<number, { facts: number; found: number; points: number[]; quotes: number[]; lines: number }>();
for (const c of cases()) {
  const extension = c.file.split(".").at(-1)!;
  const { transcript } = readTranscriptFile(new TextEncoder().encode(c.text));
  void extension;
  const draft = await summariseExtractive(
    { transcript, title: c.title, clientName: c.client, meetingDate: c.date },
    { confidence: factConfidence },
  );
  const summary = groundSummary(draft, transcript.segments);
  const pieces = [
    summary.executiveSummary,
    ...summary.keyPoints.map((p) => p.text),
    ...summary.decisions.map((p) => p.text),
  ];
  const missed = c.facts.filter((f) => !pieces.some((piece) => new RegExp(f.re, "i").test(piece)));
  const doc: MeetingDocument = {
    id: 1,
    title: c.title,
    clientId: 1,
    clientName: c.client,
    date: c.date,
    status: "Processed",
    executiveSummary: summary.executiveSummary,
    keyPoints: summary.keyPoints.map((p) => p.text),
    decisions: summary.decisions.map((p) => p.text),
    actionItems: summary.actionItems,
    nextMeeting: summary.nextMeeting,
    notes: null,
    transcript: transcript.segments.map((s) => ({ start: s.start, speaker: s.speaker, text: s.text })),
    review: null,
    consent: null,
  };
  // The speakers as production reads them (the transcript's `speakers` column): an unlabelled segment names no one.
  const email = composeFollowUp(doc, "Bench Advisor", speakersInOrder(transcript.segments));
  const shape = notesShape(
    { executiveSummary: summary.executiveSummary, keyPoints: summary.keyPoints },
    c.speakers,
    email.body,
  );
  const quotes = shape.quoteLike.summary.length + shape.quoteLike.keyPoints.length + shape.quoteLike.email.length;
  const total = totals.get(c.set) ?? { facts: 0, found: 0, points: [], quotes: [0, 0, 0], lines: 0 };
  total.facts += c.facts.length;
  total.found += c.facts.length - missed.length;
  total.points.push(summary.keyPoints.length);
  total.quotes[0]! += shape.quoteLike.summary.length;
  total.quotes[1]! += shape.quoteLike.keyPoints.length;
  total.quotes[2]! += shape.quoteLike.email.length;
  total.lines += shape.emailLines;
  totals.set(c.set, total);
  console.log(
    `set ${c.set} ${c.file}: facts ${c.facts.length - missed.length}/${c.facts.length}, points ${summary.keyPoints.length}, quote-like ${quotes}`,
  );
  if (show) {
    console.log(`  SUMMARY: ${summary.executiveSummary}`);
    for (const p of summary.keyPoints) console.log(`  - ${p.text}`);
    for (const d of summary.decisions) console.log(`  D ${d.text}`);
    for (const m of missed) console.log(`  MISSED: ${m.fact}  /${m.re}/`);
    for (const q of [...shape.quoteLike.summary, ...shape.quoteLike.keyPoints, ...shape.quoteLike.email])
      console.log(`  QUOTE: ${q}`);
    if (args.includes("--record"))
      for (const f of draft.facts)
        console.log(
          `  ${f.confidence >= factConfidence.threshold ? "+" : " "} ${f.confidence.toFixed(2)} ${f.kind}: ${f.text}${
            args.includes("--said") ? `  <- ${transcript.segments[f.segment]?.text ?? ""}` : ""
          }`,
        );
    if (args.includes("--email")) console.log(email.body.replace(/^/gm, "    | "));
  }
}
for (const [set, t] of totals) {
  console.log(
    `set ${set}: key facts ${t.found}/${t.facts} (${Math.round((100 * t.found) / t.facts)}%), key points max ${Math.max(...t.points)}, quote-like summary/points/e-mail ${t.quotes.join(" / ")} of ${t.lines} e-mail lines`,
  );
}
