import type { ClientVisit, MeetingFact, PlannedMeetingFact } from "./answer-store";
import type { QuestionShape } from "./understand/question-shape";
import type { HistoryMessage, Understood } from "./understand/understand-question";

export interface Source {
  meetingId: number;
  title: string;
  date: string;
  client: string;
  snippet: string;
}

export interface Passage {
  meetingId: number;
  title: string;
  date: Date;
  clientName: string;
  source: string;
  content: string;
  /** Where a transcript passage starts in the recording, and the speakers and segments it draws on. */
  startSeconds?: number | null;
  speakers?: string[];
  segmentIndexes?: [number, number];
  /**
   * The similarity of each of the chunk's windows to the question (embedding-windows.ts), by position, when retrieval
   * scored it by its windows: its sentences then need no embedding of their own.
   */
  windowSimilarities?: number[];
}

/** One sentence chosen to answer the question, with who said it and the moment it was said. */
export interface Evidence extends Pick<Passage, "meetingId" | "title" | "date" | "clientName" | "source"> {
  speaker: string | null;
  /** Exactly what `speaker` said (one speaker's words only). */
  text: string;
  /** Seconds into the recording (a `?t=` link), when known. */
  seconds: number | null;
  /** What someone else said in reply (a question and its answer): quoted apart, credited to its own speaker. */
  reply?: { speaker: string | null; text: string; seconds?: number | null };
  /** Combined score (similarity, term overlap, question type); higher is better. */
  score: number;
  /** Cosine similarity to the question, and the share of the question's terms the sentence covers. */
  similarity: number;
  coverage: number;
}

/** A sentence chosen to answer, its passage's index in place of its moment (read later from the segments). */
export type ChosenEvidence = Omit<Evidence, "seconds"> & { passage: number };

/** What a kind gathered before the moments are read: the passages, the sentences chosen and how they ranked. */
export interface Gathered {
  passages: Passage[];
  chosen: ChosenEvidence[];
  ranking?: AnswerContext["ranking"];
}

export interface AnswerContext {
  question: string;
  understood: Understood;
  /** Across clients, about change, a meeting picked by its place, the advisor's notes. */
  shape?: QuestionShape;
  /** Meetings resolved from the database for this question, newest first. */
  facts: MeetingFact[];
  /** For "when is my next meeting with…": the meetings on the calendar, soonest first (before what notes agreed). */
  planned?: PlannedMeetingFact[];
  /** For "which clients did I meet". */
  clientsMet?: Omit<ClientVisit, "clientId">[];
  passages: Passage[];
  /** The sentences selected to answer, best first (from the passages). */
  evidence?: Evidence[];
  /** False when nothing in the meetings is relevant enough: the answer says so and cites nothing. */
  found?: boolean;
  /** How close the best sentence came (its similarity and term coverage), whether or not it was enough. */
  relevance?: { similarity: number; coverage: number; score: number };
  history: HistoryMessage[];
  /** For a question across clients: each client whose meetings support it, with its best sentences. */
  acrossClients?: { clientName: string; evidence: Evidence[] }[];
  /** For a question about change: the best sentence of each of the client's meetings, newest first. */
  changes?: Evidence[];
  /** The advisor asking (the signed-in user's full name): "I" and "my" in the question are this person. */
  advisorName?: string;
  /** Why the question could not be embedded (its one short try failed): passages were found by full text only. */
  embeddingFailure?: string;
  /**
   * The answer leads with a figure of the meetings' records (rank/record-figure.ts), not a sentence said: the share of
   * the question's subject the figure names, and whether the best sentence said is the one the figure was read from
   * (two readings that agree).
   */
  figureLead?: { coverage: number; agrees: boolean };
  /** The sentence the answer would lead with and the best other one, as ranked: what its confidence is read from. */
  ranking?: { lead: SentenceSignals; runnerUp?: SentenceSignals };
  /** Whether the answer may lead with a fact ("answer"), shows the closest passages only, or found nothing. */
  confidence?: AnswerConfidence;
}

/** "answer": it leads with a fact; "passages": not sure, the closest passages; "nothing": nothing found. */
export type AnswerConfidence = "answer" | "passages" | "nothing";

/** What ranking knew of one sentence: the signals an answer's confidence is fitted on. */
export interface SentenceSignals {
  score: number;
  similarity: number;
  /** The share of the question's terms it covers, times the share the passages hold at all. */
  coverage: number;
  /** How well it holds the kind of fact asked (a figure, a day, a name), 0 when none or none asked. */
  kind: number;
  /** A question said in the meeting (alone, or joined to its reply). */
  asked: boolean;
}

/**
 * The last item of an answer that stopped before the model finished: it reached its output cap ("length") or the
 * stream broke off ("interrupted"). The text before it is kept and the answer is marked as cut.
 */
export interface AnswerCut {
  cut: "length" | "interrupted";
}

/** Writes the markdown answer; the local engine composes, the openai engine asks a chat model. */
export interface AnswerComposer {
  compose(context: AnswerContext, signal?: AbortSignal): AsyncIterable<string | AnswerCut>;
  /**
   * A chat model reads the passages and judges them itself (its prompt tells it to say plainly when they do not
   * answer), so it writes even when the fitted confidence is only "passages": that model was fitted on the local
   * engine's lead sentence, not on a model's answer. The local composer leaves it unset.
   */
  readonly readsPassages?: boolean;
}
