// The record of a meeting's facts, built before any prose (issue 38): what was decided, who will do what by when,
// the figures with what they measure and whose they are, the next meeting, what is still open. Each fact keeps its
// moment in the transcript (a segment index) and a confidence fitted on labelled meetings (./confidence.ts); the
// notes and the follow-up e-mail are written from it by sentence forms (./write-notes.ts), never from a spoken
// sentence.

export type FactKind = "decision" | "commitment" | "figure" | "next-meeting" | "open-question" | "role" | "topics";

export interface Fact {
  kind: FactKind;
  /** What the fact is about: "condo appraisal", "long-term care premium", the task, the choice. */
  subject: string;
  /** A figure as written ("$410,000", "4.5%"); a commitment's owner is `who`, its day `when`. */
  value?: string;
  /** The figure it corrects or replaces ("was $5,400"). */
  was?: string;
  /** "a year", "a month": what a figure is per. */
  period?: string;
  /** Whose it is ("Grace's", "the client's"), when said. */
  whose?: string;
  /** A commitment's owner. */
  who?: string;
  /** yyyy-MM-dd (a deadline, the next meeting's day) or a time said. */
  when?: string;
  /** How a sentence form of ./sentence-forms.ts writes it. */
  form: string;
  /** The fact as the notes write it. */
  text: string;
  /** Index of the transcript segment it was said in. */
  segment: number;
  /** Fitted probability that the fact belongs in the notes; 1 for what another module already vouches for. */
  confidence: number;
  /** Feature values the confidence was computed from (fitting only; not stored). */
  features?: Record<string, number>;
}

/** Fitted confidence weights (ai/fitted/fact-confidence.json, written by api/bench/fit-facts.ts). */
export interface ConfidenceWeights {
  features: string[];
  intercept: number;
  weights: number[];
  /** A fact at or above it is said in the notes. */
  threshold: number;
}
