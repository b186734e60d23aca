// The meetings a plan's scopes name, read through the store: the first scope that finds any answers (only the
// meeting that set an event may find none). Some scopes settle the question's intent as they resolve: an event's
// meeting is a next meeting, a meeting picked for what it holds is searched like any question.

import type { MeetingFact } from "../answer-store";
import type { AnswerContext } from "../answer-types";
import type { AnswerPlan, MeetingScope } from "../understand/plan-question";
import { DECISION_TEXT } from "../understand/search-text";
import { embedTogether, type FetchDeps, retrieveForQuestion } from "./question-embedding";
import { rankByTopic, topicWords } from "./rank-by-topic";
import { meetingThatScheduled } from "./scheduled-meeting";

export interface ResolvedMeetings {
  facts: MeetingFact[];
  planned?: AnswerContext["planned"];
  clientsMet?: AnswerContext["clientsMet"];
}

/** The client's meetings held so far (planned meetings answer "next", never "last" or "first"). */
export function heldMeetings(plan: AnswerPlan, deps: FetchDeps): Promise<MeetingFact[]> {
  return deps.store.meetingFacts(deps.userId, {
    clientIds: plan.clientIds,
    from: plan.period?.from,
    to: plan.period?.to,
    held: true,
    limit: 50,
  });
}

export async function resolveMeetings(plan: AnswerPlan, deps: FetchDeps): Promise<ResolvedMeetings> {
  for (const scope of plan.scopes) {
    const resolved = await resolveScope(scope, plan, deps);
    if (resolved) return resolved;
  }
  return { facts: [] };
}

async function resolveScope(
  scope: MeetingScope,
  plan: AnswerPlan,
  deps: FetchDeps,
): Promise<ResolvedMeetings | undefined> {
  const { store, userId } = deps;
  const { understood, clientIds, period } = plan;
  switch (scope.by) {
    case "given":
      return { facts: await store.meetingFacts(userId, { meetingIds: scope.meetingIds }) };
    case "scheduled-event": {
      const scheduled = await meetingThatScheduled(store, await heldMeetings(plan, deps), plan.subject);
      if (!scheduled) return undefined;
      understood.intent = "next_meeting";
      return { facts: [scheduled] };
    }
    case "last-answer":
      understood.intent = plan.asksSomething ? "general" : understood.intent;
      return { facts: plan.lastAnswerMeetings.slice(0, 1) };
    case "picked": {
      const all = await heldMeetings(plan, deps);
      const picked = scope.which === "first" ? all[all.length - 1] : all[0];
      if (plan.asksSomething) understood.intent = "general";
      return { facts: picked ? [picked] : [] };
    }
    case "clients-met": {
      const clientsMet = await store.clientsMet(userId, scope.from, scope.to);
      if (!understood.period) understood.period = { from: scope.from, to: scope.to, label: "in the last month" };
      return { facts: [], clientsMet };
    }
    case "with-person": {
      // The meetings held (in the period asked) that the person spoke in, by client.
      const spoken = await store.meetingFacts(userId, {
        meetingIds: scope.meetingIds,
        from: period?.from,
        to: period?.to,
        held: true,
        limit: 200,
      });
      return { facts: [], clientsMet: visitsByClient(spoken) };
    }
    case "topic":
      return { facts: await meetingsOfTopic(scope.topic, plan, deps) };
    case "last-held":
    case "upcoming": {
      // "Next": the calendar's planned meetings answer first, then what the last meetings held agreed.
      const planned =
        scope.by === "upcoming" ? await store.plannedMeetings(userId, { clientIds, from: plan.now }) : undefined;
      const facts = await store.meetingFacts(userId, {
        clientIds,
        from: period?.from,
        to: period?.to,
        held: true,
        limit: scope.by === "last-held" ? 1 : 3,
        offset: scope.by === "last-held" ? scope.offset : 0,
      });
      return { facts, planned };
    }
    case "filtered":
      return {
        facts: await store.meetingFacts(userId, { clientIds, from: period?.from, to: period?.to, limit: scope.limit }),
      };
    case "searched":
      return { facts: [] };
  }
}

/** The meetings whose titles hold the topic's words; with none, the meeting retrieval finds for the topic. */
async function meetingsOfTopic(topic: string, plan: AnswerPlan, deps: FetchDeps): Promise<MeetingFact[]> {
  const { store, userId } = deps;
  const { clientIds, period } = plan;
  const words = topicWords(topic);
  const facts = rankByTopic(
    await store.meetingFacts(userId, { clientIds, from: period?.from, to: period?.to, titleWords: words, limit: 50 }),
    words,
  );
  if (facts.length) return facts;
  // The meeting's passages are searched next by the plan's text (gatherFromMeetings): both in one encoder call.
  await embedTogether(deps.embedder, deps.embedding, [topic, plan.decisionsOnly ? DECISION_TEXT : plan.searchText]);
  const hits = await retrieveForQuestion(deps, topic, {
    k: 3,
    filters: { clientIds, from: period?.from, to: period?.to },
  });
  const ids = [...new Set(hits.map((h) => h.meetingId))];
  return ids.length ? store.meetingFacts(userId, { meetingIds: ids.slice(0, 1) }) : [];
}

/** Meetings as clients met: each client once, with how many of the meetings are theirs and the latest; latest first. */
export function visitsByClient(meetings: readonly MeetingFact[]): NonNullable<ResolvedMeetings["clientsMet"]> {
  const byClient = new Map<number, MeetingFact[]>();
  for (const m of meetings) byClient.set(m.clientId, [...(byClient.get(m.clientId) ?? []), m]);
  return [...byClient.values()]
    .map((own) => {
      const last = own.reduce((a, b) => (b.date > a.date ? b : a));
      return {
        clientName: last.clientName,
        meetings: own.length,
        lastDate: last.date,
        lastMeetingId: last.id,
        lastTitle: last.title,
      };
    })
    .sort((a, b) => b.lastDate.getTime() - a.lastDate.getTime());
}
