import type { Sql } from "@cm/db";
import { findClientsMet, findMeetingFacts, listClientNames, type MeetingFact } from "@cm/db/queries/intelligence";
import { subDays } from "date-fns";
import type { Embedder } from "../types";
import type { AnswerContext, Passage } from "./answer-types";
import { retrievePassages } from "./hybrid-retrieve";
import { type HistoryMessage, understandQuestion } from "./understand-question";

const STOP = new Set([
  "the",
  "a",
  "an",
  "our",
  "my",
  "with",
  "and",
  "for",
  "of",
  "to",
  "in",
  "on",
  "about",
  "meeting",
  "meetings",
]);
const topicWords = (topic: string) =>
  topic
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !STOP.has(w));

/**
 * Resolves what the question asks from the database first (periods, clients, "last meeting",
 * "which clients", "the meeting about ..."), then adds the best passages from those meetings.
 */
export async function gatherContext(
  sql: Sql,
  embedder: Embedder,
  userId: number,
  question: string,
  history: HistoryMessage[],
  now = new Date(),
): Promise<AnswerContext> {
  const clients = await listClientNames(sql, userId);
  const understood = understandQuestion(question, history, clients, now);
  const clientIds = understood.clients.length ? understood.clients.map((c) => c.id) : undefined;
  const period = understood.period;
  let facts: MeetingFact[] = [];
  let clientsMet: AnswerContext["clientsMet"];

  if (understood.intent === "clients_met") {
    const from = period?.from ?? subDays(now, 30);
    const to = period?.to ?? now;
    clientsMet = await findClientsMet(sql, { userId, from, to });
    if (!understood.period) understood.period = { from, to, label: "in the last month" };
  } else if (understood.topic) {
    const words = topicWords(understood.topic);
    facts = await findMeetingFacts(sql, userId, {
      clientIds,
      from: period?.from,
      to: period?.to,
      titleWords: words,
      limit: 5,
    });
    if (facts.length === 0) {
      // No title matches: let retrieval find the meeting the topic is about.
      const hits = await retrievePassages(sql, embedder, userId, understood.topic, {
        k: 3,
        filters: { clientIds, from: period?.from, to: period?.to },
      });
      const ids = [...new Set(hits.map((h) => h.meetingId))];
      if (ids.length) facts = await findMeetingFacts(sql, userId, { meetingIds: ids.slice(0, 1) });
    }
  } else if (understood.intent === "last_meeting" || (understood.clients.length && understood.intent !== "general")) {
    const limit = understood.intent === "last_meeting" ? 1 : 10;
    facts = await findMeetingFacts(sql, userId, {
      clientIds,
      from: period?.from,
      to: period?.to,
      limit,
      offset: understood.intent === "last_meeting" ? understood.offset : 0,
    });
  } else if (period) {
    facts = await findMeetingFacts(sql, userId, { clientIds, from: period.from, to: period.to, limit: 20 });
  } else if (understood.clients.length) {
    facts = await findMeetingFacts(sql, userId, { clientIds, limit: 10 });
  }

  const scopedIds = facts.length ? facts.map((f) => f.id) : clientsMet?.map((c) => c.lastMeetingId);
  const hits = await retrievePassages(sql, embedder, userId, understood.searchText, {
    k: 6,
    filters: scopedIds?.length ? { meetingIds: scopedIds } : { clientIds, from: period?.from, to: period?.to },
  });
  const meetingInfo = new Map<number, { title: string; date: Date; clientName: string }>();
  for (const f of facts) meetingInfo.set(f.id, f);
  const missing = [...new Set(hits.map((h) => h.meetingId))].filter((id) => !meetingInfo.has(id));
  if (missing.length)
    for (const f of await findMeetingFacts(sql, userId, { meetingIds: missing })) meetingInfo.set(f.id, f);
  const passages: Passage[] = hits.flatMap((h) => {
    const info = meetingInfo.get(h.meetingId);
    return info
      ? [
          {
            meetingId: h.meetingId,
            title: info.title,
            date: info.date,
            clientName: info.clientName,
            source: h.source,
            content: h.content,
          },
        ]
      : [];
  });
  return { question, understood, facts, clientsMet, passages, history };
}
