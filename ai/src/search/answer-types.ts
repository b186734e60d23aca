import type { MeetingFact } from "@cm/db/queries/intelligence";
import type { Understood } from "./understand-question";

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
}

export interface AnswerContext {
  question: string;
  understood: Understood;
  /** Meetings resolved from the database for this question, newest first. */
  facts: MeetingFact[];
  /** For "which clients did I meet". */
  clientsMet?: { clientName: string; meetings: number; lastDate: Date; lastMeetingId: number; lastTitle: string }[];
  passages: Passage[];
  history: { role: "user" | "assistant"; content: string }[];
}

/** Writes the markdown answer; the local engine composes, the openai engine asks a chat model. */
export interface AnswerComposer {
  compose(context: AnswerContext, signal?: AbortSignal): AsyncIterable<string>;
}
