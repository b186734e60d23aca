import { format, parseISO } from "date-fns";
import type { AnswerComposer, AnswerContext } from "./answer-types";

/** Markdown-safe text: transcript words can never become links, images or HTML in an answer. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>!#|]/g, (c) => `\\${c}`).replace(/\n+/g, " ");
}

const day = (d: Date) => format(d, "MMMM d, yyyy");
export const citation = (m: { id: number; title: string; date: Date }) =>
  `[${escapeMarkdown(m.title)} (${day(m.date)})](/meetings/${m.id})`;

/** "2027-02-18" in words; other text (legacy next-meeting lines) as written. */
function formatDay(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? format(parseISO(date), "MMMM d, yyyy") : date;
}

const WHITESPACE = /\s/;

/** Drops a cut-off last word and the whitespace before it, as `.replace(/\s+\S*$/, "")` did in quadratic time. */
function dropLastPartialWord(text: string): string {
  let wordStart = text.length;
  while (wordStart > 0 && !WHITESPACE.test(text[wordStart - 1]!)) wordStart--;
  if (wordStart === 0) return text;
  let gapStart = wordStart;
  while (gapStart > 0 && WHITESPACE.test(text[gapStart - 1]!)) gapStart--;
  return text.slice(0, gapStart);
}

function clip(text: string, max = 320): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > max ? `${dropLastPartialWord(clean.slice(0, max - 1))}…` : clean;
}

function factBlock(ctx: AnswerContext, lines: string[]) {
  const intent = ctx.understood.intent;
  for (const fact of ctx.facts) {
    lines.push(`#### ${citation(fact)}`, `*${escapeMarkdown(fact.clientName)} · ${escapeMarkdown(fact.type)}*`, "");
    const summary = fact.summary;
    const actions = summary?.actionItems ?? [];
    const points = summary?.keyPoints ?? [];
    if (intent !== "action_items" && summary?.executiveSummary)
      lines.push(escapeMarkdown(summary.executiveSummary), "");
    if ((intent === "key_points" || intent === "last_meeting") && points.length) {
      lines.push("**Key points**", ...points.map((p) => `- ${escapeMarkdown(p)}`), "");
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
        `**Next meeting:** ${escapeMarkdown(next.date ? formatDay(next.date) : "date to be set")}${next.topics.length ? ` — ${escapeMarkdown(next.topics.join(", "))}` : ""}`,
        "",
      );
    }
  }
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
    const label = ctx.understood.period?.label ?? "in the last month";
    if (ctx.clientsMet.length === 0) return `I found no meetings ${label}.`;
    lines.push(`### Clients you met ${label}`, "");
    for (const c of ctx.clientsMet) {
      const link = citation({ id: c.lastMeetingId, title: c.lastTitle, date: c.lastDate });
      lines.push(
        `- **${escapeMarkdown(c.clientName)}** — ${c.meetings} meeting${c.meetings === 1 ? "" : "s"}, most recently ${link}`,
      );
    }
    return lines.join("\n");
  }
  if (ctx.facts.length === 0 && ctx.passages.length === 0) {
    return 'I couldn\'t find anything about that in your meetings or notes. Try naming a client, a period such as "in April", or words that were said in the meeting.';
  }
  lines.push(headline(ctx), "");
  if (ctx.facts.length) factBlock(ctx, lines);
  const passages = ctx.facts.length ? ctx.passages.slice(0, 2) : ctx.passages.slice(0, 4);
  if (passages.length) {
    lines.push(ctx.facts.length ? "**From the transcripts**" : "Here is what I found:", "");
    for (const p of passages) {
      const label = p.source === "note" ? "your note" : p.source === "summary" ? "summary" : "transcript";
      lines.push(
        `> ${escapeMarkdown(clip(p.content))}`,
        `>`,
        `> — ${label}, ${citation({ id: p.meetingId, title: p.title, date: p.date })}`,
        "",
      );
    }
  }
  return lines.join("\n").trim();
}

export const localAnswerComposer: AnswerComposer = {
  async *compose(ctx) {
    yield composeLocalAnswer(ctx);
  },
};
