import { format } from "date-fns";
import { meetingPurpose } from "../../local/record/sentence-forms";
import { wordKindsLoaded } from "../../local/record/word-kinds";
import type { AnswerComposer, AnswerContext, Evidence } from "../answer-types";
import { leadForm, onlyAsks } from "../rank/answer-confidence";
import { subjectTerms } from "../rank/subject-match";
import { isAdvisorsItem } from "../understand/advisor-items";
import {
  citation,
  clockTime,
  day,
  escapeMarkdown,
  momentCitation,
  momentHref,
  quoteText,
  readableDates,
} from "./citation";
import { decisionsAsked } from "./decisions-answer";
import { shortQuote } from "./short-quote";

/** What the answer says when nothing in the meetings is relevant enough (it cites nothing). */
export const NOTHING_FOUND_ANSWER =
  'I couldn\'t find anything in your meetings or notes that answers this. Try naming a client, a period such as "in April", or words that were said in the meeting.';

/** What an answer that is not sure says first, before the closest passages (issue 38: never a guess as a fact). */
export const NOT_SURE_ANSWER = "I'm not sure this answers it. Here are the closest passages, as they were said:";

/**
 * Who a sentence is from: its speaker, or the kind of text it came from. A transcript without speaker names (a plain
 * subtitle file) says so: "Transcript" under a quote read as a person's name.
 */
function attribution(e: Pick<Evidence, "speaker" | "source">): string {
  if (e.speaker) return escapeMarkdown(e.speaker);
  return e.source === "note" ? "Your note" : e.source === "summary" ? "Meeting notes" : "Unnamed speaker";
}

/** Said in a meeting or written by the advisor: quoted. The meeting's notes are the engine's words: never quoted. */
const isQuoted = (e: Pick<Evidence, "source">) => e.source !== "summary";

/** The reply as evidence of its own: its speaker, its moment. */
const replyOf = (e: Evidence): Evidence | undefined =>
  e.reply ? { ...e, speaker: e.reply.speaker, text: e.reply.text, seconds: e.reply.seconds ?? null } : undefined;

/**
 * The answer's first paragraph: the finding, who said it, and the link to the moment. A question said in the meeting
 * and its reply are two quotes, each credited to its speaker, the reply (the fact) in bold.
 */
export function findingLine(e: Evidence): string {
  const reply = replyOf(e);
  if (!reply) return `**${quoteText(e.text)}** — ${attribution(e)}, ${momentCitation(e)}`;
  // Two spaces: a line break inside the paragraph.
  return `“${quoteText(e.text)}” — ${attribution(e)}  \n**${quoteText(reply.text)}** — ${attribution(reply)}, ${momentCitation(reply)}`;
}

/** One speaker's words as a block quote; the meeting's notes as a line of their own, unquoted. */
function oneQuote(e: Evidence, cite: Cite): string[] {
  const moment = cite(e);
  if (!isQuoted(e)) return [`From the meeting notes: ${withMoment(notesSentence(e.text), moment)}`, ""];
  return [`> ${quoteText(e.text)}`, ">", `> — ${attribution(e)}${moment ? `, ${moment}` : ""}`, ""];
}

/** A line of the notes as a sentence of its own ("Next: X" → "Next: X."). */
const notesSentence = (text: string) => {
  const quoted = quoteText(text).trim();
  return /[.!?]$/.test(quoted) ? quoted : `${quoted}.`;
};

/** The notes' sentences, one by one: a summary passage may hold a key point's sentence and another. */
const sentencesOf = (text: string) => notesSentence(text).split(/(?<=[.!?])\s+/);
/** The text's sentences not yet in `said`, each added to it as it goes: a sentence of the notes is said once. */
const unsaid = (text: string, said: Set<string>) =>
  sentencesOf(text).filter((sentence) => !said.has(sentence) && said.add(sentence));

/** "Roof: $18,000 ([at 1:35](…))." — the moment inside the sentence it belongs to. */
const withMoment = (sentence: string, moment: string) =>
  moment ? `${sentence.replace(/[.!?]$/, "")} (${moment})${sentence.slice(-1)}` : sentence;

/** How a quote's moment is cited: the meeting and the moment, or (under its meeting's name) the moment alone. */
type Cite = (e: Evidence) => string;
const momentAlone: Cite = (e) => (e.seconds === null ? "" : `[at ${clockTime(e.seconds)}](${momentHref(e)})`);

function quoteLines(e: Evidence, cite: Cite = momentCitation): string[] {
  const reply = replyOf(e);
  return reply ? [...oneQuote(e, cite), ...oneQuote(reply, cite)] : oneQuote(e, cite);
}

/** The heading of quotes: "From the transcripts" only when every one was said in a meeting. */
const quotesHeading = (quotes: readonly Evidence[]) =>
  quotes.every((e) => e.source === "transcript") ? "**From the transcripts**" : "**Supporting quotes**";

/**
 * Across clients: the clients first, on one line, each with the few words that support it, then each client's
 * sentence, cited at its moment.
 */
function acrossAnswer(found: NonNullable<AnswerContext["acrossClients"]>, subject: string): string {
  const terms = subjectTerms(subject);
  const names = found.map((f) => {
    const e = f.evidence[0];
    const short = e ? quoteText(shortQuote(e.text, terms)) : "";
    const words = e ? ` (${isQuoted(e) ? `“${short}”` : short})` : "";
    return `${escapeMarkdown(f.clientName)}${words}`;
  });
  const lines = [`**${names.length === 1 ? "1 client" : `${names.length} clients`}:** ${names.join("; ")}`, ""];
  for (const f of found) {
    const e = f.evidence[0]!;
    lines.push(
      `- **${escapeMarkdown(f.clientName)}** — ${isQuoted(e) ? `“${quoteText(e.text)}”` : quoteText(e.text)} — ${attribution(e)}, ${momentCitation(e)}`,
    );
  }
  return lines.join("\n");
}

/**
 * About change: what the newer meetings state leads, newest first, each meeting cited where its sentences begin
 * ("Latest, [Review (date)](…): …"), then what the first meeting said on it ("At first, […]: …"); then each sentence
 * quoted and cited at its moment.
 */
export function changesAnswer(changes: readonly Evidence[]): string {
  const first = changes[changes.length - 1]!;
  if (changes.length === 1) return [`**${quoteText(first.text)}**`, "", ...quoteLines(first)].join("\n").trim();
  const parts: string[] = [];
  let lastMeeting: number | undefined;
  for (const [i, e] of changes.slice(0, -1).entries()) {
    const label = i === 0 ? "Latest" : "Earlier";
    parts.push(
      e.meetingId === lastMeeting ? quoteText(e.text) : `**${label}**, ${momentCitation(e)}: ${quoteText(e.text)}`,
    );
    lastMeeting = e.meetingId;
  }
  parts.push(`**At first**, ${momentCitation(first)}: ${quoteText(first.text)}`);
  const lines = [parts.join(" "), ""];
  // Each meeting's day once, above its lines.
  changes.forEach((e, i) => {
    if (changes[i - 1]?.meetingId !== e.meetingId) lines.push(`**${day(e.date)}**`, "");
    lines.push(...quoteLines(e));
  });
  return lines.join("\n").trim();
}

type ActionItem = NonNullable<AnswerContext["facts"][number]["summary"]>["actionItems"][number];

/**
 * The people whose tasks the question asks for: its capitalised words that are a word of some item's assignee
 * ("What did Kenji take on?" → "kenji"). Empty when it names none, and then every item is shown.
 */
export function assigneesAsked(question: string, items: readonly ActionItem[]): Set<string> {
  const assigneeWords = new Set(items.flatMap(assigneeWordsOf).filter((w) => w.length > 1));
  const asked = new Set<string>();
  const receiving = new Set<string>();
  const words = question.slice(0, 1000).split(/\s+/);
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!.replace(/[’']s$/, "").replace(/[^\p{L}]/gu, "");
    if (!word || word[0] === word[0]!.toLowerCase() || !assigneeWords.has(word.toLowerCase())) continue;
    const before = words[i - 1]!.toLowerCase().replace(/[^\p{L}]/gu, "");
    // "My last meeting with Beatrice": the person met, neither asked about nor receiving.
    if (before === "with") continue;
    (GIVES_TO.has(before) ? receiving : asked).add(word.toLowerCase());
  }
  // "What did Nadia promise to send Imre?": Imre receives; Nadia's items are asked for. Named alone, the receiver is.
  return asked.size > 0 ? asked : receiving;
}

/** The words of the item's assignee, lower-cased ("Kenji Sato" → "kenji", "sato"). */
const assigneeWordsOf = (a: ActionItem) => (a.assignee ?? "").toLowerCase().split(/[^\p{L}]+/u);

/** Words after which a name receives the task's thing ("send Imre", "to Nadia", "for the Quists"). */
const GIVES_TO = new Set(
  "to for send sending sent give giving gave email emailing emailed call calling called owe owes owed".split(" "),
);

/**
 * The items of the people asked about (all items when the question names none of their assignees); the advisor's own
 * when the question asks what "I" promised and the advisor's name is known.
 */
function itemsAsked(ctx: AnswerContext, items: readonly ActionItem[], clientName = ""): ActionItem[] {
  const advisor = ownItemsAsked(ctx);
  if (advisor && advisorNamed(ctx, advisor)) return items.filter((a) => isAdvisorsItem(a.assignee, advisor));
  // The meetings never name the signed-in advisor (recorded under another spelling, or without speakers): the
  // practice's items are those not the client's own.
  if (advisor) return items.filter((a) => !isAdvisorsItem(a.assignee, clientName));
  const asked = assigneesAsked(
    ctx.question,
    ctx.facts.flatMap((f) => f.summary?.actionItems ?? []),
  );
  if (asked.size === 0) return [...items];
  return items.filter((a) => assigneeWordsOf(a).some((w) => asked.has(w)));
}

/** True when an action item of the answer's meetings is assigned to the advisor by name. */
const advisorNamed = (ctx: AnswerContext, advisor: string) =>
  ctx.facts.some((f) => (f.summary?.actionItems ?? []).some((a) => isAdvisorsItem(a.assignee, advisor)));

/** The advisor's name when the question asks for the advisor's own commitments ("what did I promise…"). */
const ownItemsAsked = (ctx: AnswerContext) =>
  ctx.advisorName && ctx.understood.ownItems ? ctx.advisorName : undefined;

function factBlock(ctx: AnswerContext, lines: string[]) {
  const intent = ctx.understood.intent;
  for (const fact of ctx.facts) {
    lines.push(`#### ${citation(fact)}`, `*${escapeMarkdown(fact.clientName)} · ${escapeMarkdown(fact.type)}*`, "");
    const summary = fact.summary;
    const actions = itemsAsked(ctx, summary?.actionItems ?? [], fact.clientName);
    const points = summary?.keyPoints ?? [];
    if (intent !== "action_items" && summary?.executiveSummary)
      lines.push(escapeMarkdown(summary.executiveSummary), "");
    if ((intent === "key_points" || intent === "last_meeting") && points.length) {
      lines.push("**Key points**", ...points.map((p) => `- ${escapeMarkdown(p.text)}`), "");
    }
    if ((intent === "action_items" || intent === "last_meeting") && actions.length) {
      lines.push(
        "**Action items**",
        ...actions.map((a) => `- ${escapeMarkdown(a.task)}${a.assignee ? ` — *${escapeMarkdown(a.assignee)}*` : ""}`),
        "",
      );
    }
    const next = summary?.nextMeeting;
    if ((intent === "next_meeting" || intent === "last_meeting") && next) {
      lines.push(
        `**Next meeting:** ${escapeMarkdown(next.date ? readableDates(next.date) : "date to be set")}${nextMeetingFor(next.topics)}`,
        "",
      );
    }
  }
}

/**
 * What the next meeting is for, as the notes say it (", to cover the draft", ", to sign the will"): the answer path
 * loads the lexicon for a question about the next meeting (answer-question.ts). Without it (a caller that did not),
 * the topics as stored.
 */
function nextMeetingFor(topics: readonly string[]): string {
  if (!topics.length) return "";
  if (!wordKindsLoaded()) return ` — ${escapeMarkdown(topics.join(", "))}`;
  const purpose = meetingPurpose(topics);
  return purpose ? `, ${escapeMarkdown(purpose)}` : "";
}

/**
 * The answer's first line for a question a summary answers: the next meeting's date, or the action items themselves
 * (the heading and the meeting blocks follow). Undefined when the meetings have none.
 */
function leadLine(ctx: AnswerContext): string | undefined {
  const intent = ctx.understood.intent;
  if (intent === "next_meeting") {
    const planned = ctx.planned?.[0];
    if (planned) return plannedLead(planned);
    const fact = ctx.facts.find((f) => f.summary?.nextMeeting);
    const next = fact?.summary?.nextMeeting;
    if (!fact || !next) return undefined;
    const when = next.date ? readableDates(next.date) : "date to be set";
    return `**Next meeting: ${escapeMarkdown(when)}**${nextMeetingFor(next.topics)} (set at ${citation(fact)})`;
  }
  if (intent === "action_items") {
    const items = ctx.facts.flatMap((f) =>
      itemsAsked(ctx, f.summary?.actionItems ?? [], f.clientName).map(
        (a) => `${a.task}${a.assignee ? ` (${a.assignee})` : ""}`,
      ),
    );
    // Said plainly rather than listing someone else's items as the advisor's.
    if (items.length === 0 && ownItemsAsked(ctx)) return "**None of the action items in these meetings is yours.**";
    if (items.length === 0) return undefined;
    const shown = items.slice(0, 4).map((t) => escapeMarkdown(t));
    return `**${items.length} action item${items.length === 1 ? "" : "s"}:** ${shown.join("; ")}${items.length > 4 ? "; …" : ""}`;
  }
  return undefined;
}

/** "**Next meeting: Tuesday, December 8, 2026 at 10:30** — Annual review, on your calendar ([link])". */
function plannedLead(planned: NonNullable<AnswerContext["planned"]>[number]): string {
  const when = format(planned.date, planned.timeKnown ? "EEEE, MMMM d, yyyy 'at' HH:mm" : "EEEE, MMMM d, yyyy");
  const link = `[${escapeMarkdown(planned.title)}](/meetings/${planned.id})`;
  return `**Next meeting: ${when}**, on your calendar: ${link} with ${escapeMarkdown(planned.clientName)}`;
}

function headline(ctx: AnswerContext): string {
  const u = ctx.understood;
  const who = u.clients.map((c) => c.name).join(" / ");
  const when = u.period ? ` ${u.period.label}` : "";
  switch (u.intent) {
    case "last_meeting":
      return `### ${u.offset > 0 ? "An earlier meeting" : "Last meeting"}${who ? ` with ${escapeMarkdown(who)}` : ""}${when}`;
    case "action_items":
      return `### Action items${u.topic ? ` from the meeting about ${escapeMarkdown(u.topic)}` : who ? ` for ${escapeMarkdown(who)}` : ""}${when}`;
    case "key_points":
      return `### Key points${who ? ` for ${escapeMarkdown(who)}` : ""}${when}`;
    case "next_meeting":
      return `### Next meeting${who ? ` with ${escapeMarkdown(who)}` : ""}`;
    default:
      return `### What your meetings say${who ? ` about ${escapeMarkdown(who)}` : ""}${when}`;
  }
}

/** Composes an answer from facts and passages alone: offline, deterministic, always cited. */
export function composeLocalAnswer(ctx: AnswerContext): string {
  const lines: string[] = [];
  if (ctx.clientsMet) {
    const person = ctx.understood.person?.name;
    const label = ctx.understood.period?.label ?? (person ? "" : "in the last month");
    const when = label ? ` ${label}` : "";
    if (ctx.clientsMet.length === 0)
      return person ? `I found no meetings${when} with ${escapeMarkdown(person)}.` : `I found no meetings${when}.`;
    // A person's clients: their names lead, as a list across clients does ("**2 clients:** …").
    const count = ctx.clientsMet.length === 1 ? "1 client" : `${ctx.clientsMet.length} clients`;
    const names = ctx.clientsMet.map((c) => escapeMarkdown(c.clientName)).join("; ");
    lines.push(
      person
        ? `**${escapeMarkdown(person)} spoke in the meetings of ${count}${when}:** ${names}`
        : `### Clients you met${when}`,
      "",
    );
    for (const c of ctx.clientsMet) {
      const link = citation({ id: c.lastMeetingId, title: c.lastTitle, date: c.lastDate });
      lines.push(
        `- **${escapeMarkdown(c.clientName)}** — ${c.meetings} meeting${c.meetings === 1 ? "" : "s"}, most recently ${link}`,
      );
    }
    return lines.join("\n");
  }
  if (ctx.acrossClients?.length) return acrossAnswer(ctx.acrossClients, ctx.shape?.subject ?? "");
  if (ctx.changes?.length) return changesAnswer(ctx.changes);
  const evidence = ctx.evidence ?? [];
  const nothing = ctx.facts.length === 0 && evidence.length === 0 && !ctx.planned?.length;
  if (ctx.found === false || nothing) return NOTHING_FOUND_ANSWER;
  // An open question: the finding first, then the sentences that support it, each cited at its moment.
  // Meetings without a summary yet (or an open question) are answered from the sentences alone.
  if (leadForm(ctx) === "quote") {
    // "What did we decide at…": the meeting's recorded decisions lead, and every sentence supports them.
    const decided = decisionsAsked(ctx);
    const support = decided ? evidence : evidence.slice(1);
    lines.push(decided ? decided.line : findingLine(evidence[0]!), "");
    // Not said again after the finding, nor a key point after the summary.
    const said = new Set(decided ? [] : sentencesOf(evidence[0]!.text));
    const shown = support.flatMap((e) => {
      if (isQuoted(e)) return [e];
      const fresh = unsaid(e.text, said);
      return fresh.length ? [{ ...e, text: fresh.join(" ") }] : [];
    });
    if (shown.length) {
      lines.push("**Supporting quotes**", "");
      for (const e of shown) lines.push(...quoteLines(e));
    }
    return lines.join("\n").trim();
  }
  const lead = leadLine(ctx);
  if (lead) lines.push(lead, "");
  lines.push(headline(ctx), "");
  if (ctx.facts.length) factBlock(ctx, lines);
  const quotes = evidence.slice(0, ctx.facts.length ? 2 : 4);
  if (quotes.length) {
    lines.push(ctx.facts.length ? quotesHeading(quotes) : "Here is what I found:", "");
    for (const e of quotes) lines.push(...quoteLines(e));
  }
  return lines.join("\n").trim();
}

/**
 * An answer that is not sure (confidence "passages"): it says so first, then the closest passages as they were said,
 * each credited and linked; an answer from the meetings' records or a list keeps its body under that sentence.
 */
export function closestPassagesAnswer(ctx: AnswerContext): string {
  const evidence = ctx.evidence ?? [];
  if (leadForm(ctx) !== "quote") return `${NOT_SURE_ANSWER}\n\n${composeLocalAnswer(ctx)}`;
  const lines = [NOT_SURE_ANSWER, ""];
  // "What did we decide…" of one meeting: what its notes recorded as decided comes before what was said.
  const decided = decisionsAsked(ctx);
  if (decided) lines.push(`From the meeting notes: ${decided.line}`, "");
  // Grouped by meeting, in the order of each meeting's closest passage: the meeting is named once, and each quote is
  // credited to its speaker at its moment (the passages, not the meeting's title again and again, fill the screen).
  // A question about how things stand now has the newest meeting's first (kinds/from-meetings.ts).
  const meetings = [...new Set(evidence.map((e) => e.meetingId))];
  for (const id of meetings) {
    // A question said in the meeting with no reply joined to it is shown after what was stated: it answers nothing
    // ("And the interest rate. Luis, you had a number?" before the sentence that says the rate).
    const inMeeting = evidence.filter((e) => e.meetingId === id);
    const asked = inMeeting.filter((e) => isQuoted(e) && onlyAsks(e));
    const own = [...inMeeting.filter((e) => !asked.includes(e)), ...asked];
    const first = own[0]!;
    lines.push(`From ${citation({ id, title: first.title, date: first.date })}:`, "");
    // The meeting's notes said once, on one line where the first of them ranks: not "From the meeting notes:" again
    // and again between the quotes, nor a sentence the summary and a key point both hold twice.
    const notes = own.filter((e) => !isQuoted(e));
    const said = new Set<string>();
    const once = notes.flatMap((n) => {
      const fresh = unsaid(n.text, said);
      return fresh.length ? [withMoment(fresh.join(" "), momentAlone(n))] : [];
    });
    own.forEach((e) => {
      if (isQuoted(e)) lines.push(...quoteLines(e, momentAlone));
      else if (e === notes[0]) lines.push(`From the meeting notes: ${once.join(" ")}`, "");
    });
  }
  return lines.join("\n").trim();
}

export const localAnswerComposer: AnswerComposer = {
  async *compose(ctx) {
    yield composeLocalAnswer(ctx);
  },
};
