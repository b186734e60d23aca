// The question understood into a plan: which kind of answer it asks for and which meetings answer it. Pure: the
// client directory and the last answer's meetings are read before (fetch/) and handed in,
// so a plan is the same for the same inputs and its tests need no database.
import { subDays } from "date-fns";
import { MEETING_ITEM_WORDS } from "../../language";
import type { MeetingFact } from "../answer-store";
import { THAT_MEETING } from "./last-answer";
import type { Period } from "./parse-period";
import type { QuestionShape } from "./question-shape";
import { asksWhenScheduled } from "./scheduled-question";
import { searchTextOf, subjectBeyondClients } from "./search-text";
import type { HistoryMessage, Understood } from "./understand-question";

/** The answer kinds, one module each in ../kinds (the registry). */
export type AnswerKindName = "client-list" | "what-changed" | "who-when" | "meeting-items" | "fact";

/**
 * Which meetings the answer is read from. `scheduled-event` may find none (the event was not what the next meeting
 * was set for): the plan's next scope is used then.
 */
export type MeetingScope =
  | { by: "given"; meetingIds: number[] }
  | { by: "scheduled-event" }
  | { by: "last-answer" }
  | { by: "picked"; which: "first" | "latest" }
  | { by: "clients-met"; from: Date; to: Date }
  | { by: "with-person"; meetingIds: number[] }
  | { by: "topic"; topic: string }
  | { by: "last-held"; offset: number }
  | { by: "upcoming" }
  | { by: "filtered"; limit: number }
  | { by: "searched" };

export interface AnswerPlan {
  kind: AnswerKindName;
  question: string;
  understood: Understood;
  shape: QuestionShape;
  history: HistoryMessage[];
  now: Date;
  clientIds: number[] | undefined;
  period: Period | undefined;
  /** The subject without the clients' names ("the Okafors' roof" → "roof"). */
  subject: string;
  /** The question asks something of the meetings beyond which meeting (a subject or a kind of fact). */
  asksSomething: boolean;
  /** What the meetings are searched by (the question's words without its clients' names, a follow-up's referents). */
  searchText: string;
  /** Once the plan's meetings are found, a decision asked of them with nothing else: their decisions are searched. */
  decisionsOnly: boolean;
  /** Meetings to answer from, in order of preference (see MeetingScope). */
  scopes: MeetingScope[];
  /** Answer from these meetings only (a question asked about given meetings). */
  meetingIds: number[] | undefined;
  /** The meetings the conversation's last answer cited, for a follow-up. */
  lastAnswerMeetings: MeetingFact[];
}

/** What a plan is made from: the question as understood and shaped, and the meetings given or last cited. */
export type PlanInput = Pick<AnswerPlan, "question" | "understood" | "shape" | "history" | "now"> &
  Pick<AnswerPlan, "lastAnswerMeetings"> & { meetingIds?: number[] };

/** How far back "which clients did I meet" looks when the question names no period. */
export const CLIENTS_MET_DAYS = 30;

/** The plan for an understood question (`understood` as the follow-up and `meetingIds` left it). */
export function planQuestion(input: PlanInput): AnswerPlan {
  const { understood, shape, meetingIds } = input;
  const clientIds = understood.clients.length ? understood.clients.map((c) => c.id) : undefined;
  const subject = subjectBeyondClients(shape.subject, understood.clients);
  const read = { ...input, meetingIds, clientIds, period: understood.period, subject };
  const base = {
    ...read,
    searchText: searchTextOf(read, false).text,
    decisionsOnly: searchTextOf(read, true).decisionsOnly,
    asksSomething: asksBeyondItems(understood, subject),
  };
  const scopes = meetingScopes(base);
  return { ...base, kind: kindOf(base, scopes), scopes };
}

type PlanBase = Omit<AnswerPlan, "kind" | "scopes">;

/**
 * True when the question asks something of the meetings beyond which meeting: a subject or a kind of fact. Asked for a
 * meeting's items ("the action items from my last meeting", "what did I agree to do"), the words naming the items and
 * the commitment they are (a decision) ask nothing more: the meeting's notes answer.
 */
function asksBeyondItems(understood: Understood, subject: string): boolean {
  if (understood.intent !== "action_items" && understood.intent !== "key_points")
    return subject.length > 0 || understood.kinds.length > 0;
  const words = subject.split(" ").filter((w) => w && !MEETING_ITEM_WORDS.has(w));
  return words.length > 0 || understood.kinds.some((k) => k !== "decision");
}

/**
 * True when the plan lists the clients something holds for ("which clients have…"): every meeting is searched for the
 * subject. Otherwise a client list is of the clients met in a period.
 */
export function listsAcrossClients(plan: Pick<AnswerPlan, "meetingIds" | "shape" | "understood">): boolean {
  return !plan.meetingIds && plan.shape.across && !plan.understood.followUp && !plan.understood.person;
}

function kindOf(plan: PlanBase, scopes: readonly MeetingScope[]): AnswerKindName {
  if (listsAcrossClients(plan)) return "client-list";
  if (!plan.meetingIds && plan.shape.changes && plan.clientIds) return "what-changed";
  const first = scopes[0]?.by;
  if (first === "clients-met" || first === "with-person") return "client-list";
  if (first === "scheduled-event" || first === "upcoming") return "who-when";
  if (first === "last-answer" || first === "picked" || first === "topic" || first === "last-held")
    return "meeting-items";
  return "fact";
}

/** The meetings' scopes, most specific first; the order is the rule (the first that applies answers). */
function meetingScopes(plan: PlanBase): MeetingScope[] {
  const { understood, meetingIds, clientIds, period } = plan;
  if (meetingIds) return [{ by: "given", meetingIds }];
  // "Which clients is Tomás handling?": the clients in whose meetings the person speaks.
  if (understood.person && !understood.followUp)
    return [{ by: "with-person", meetingIds: understood.person.meetingIds }];
  const scopes: MeetingScope[] = [];
  // "When was the signing scheduled?": the client's next meeting, when the signing is what it was set for.
  if (clientIds && !period && understood.intent === "general" && asksWhenScheduled(plan.question))
    scopes.push({ by: "scheduled-event" });
  scopes.push(mainScope(plan));
  return scopes;
}

function mainScope(plan: PlanBase): MeetingScope {
  const { understood, shape, clientIds, period } = plan;
  if (understood.followUp && THAT_MEETING.test(plan.question) && plan.lastAnswerMeetings.length)
    return { by: "last-answer" };
  // "At our first meeting with…", "our most recent meeting with…": that one meeting, for what the question asks.
  const itemsOf = understood.intent === "action_items" || understood.intent === "key_points";
  if (shape.pick && clientIds && (plan.asksSomething || shape.pick === "first" || itemsOf))
    return { by: "picked", which: shape.pick };
  if (understood.intent === "clients_met") {
    const to = period?.to ?? plan.now;
    const from = period?.from ?? subDays(plan.now, CLIENTS_MET_DAYS);
    return { by: "clients-met", from, to };
  }
  if (understood.topic) return { by: "topic", topic: understood.topic };
  if (understood.intent === "last_meeting") return { by: "last-held", offset: understood.offset };
  if (understood.intent === "next_meeting") return { by: "upcoming" };
  if (understood.clients.length && understood.intent !== "general") return { by: "filtered", limit: 10 };
  if (period) return { by: "filtered", limit: 20 };
  if (understood.clients.length) return { by: "filtered", limit: 10 };
  return { by: "searched" };
}
