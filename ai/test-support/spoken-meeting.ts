// A meeting written as [speaker, words] lines, ten seconds a line, for summary tests in our own words.
import type { DraftPoint, SummariseInput } from "../src/types";

export interface MeetingFacts {
  title: string;
  clientName: string;
  /** ISO date and time the meeting was held. */
  held: string;
}

export function spokenMeeting(lines: [string, string][], facts: MeetingFacts): SummariseInput {
  const segments = lines.map(([speaker, text], i) => ({ start: i * 10, end: i * 10 + 9, speaker, text }));
  return {
    transcript: {
      segments,
      fullText: lines.map(([s, t]) => `${s}: ${t}`).join("\n"),
      durationSeconds: lines.length * 10,
    },
    title: facts.title,
    clientName: facts.clientName,
    meetingDate: new Date(facts.held),
  };
}

/** A key point's text, whether stored as a string or with its transcript moment. */
export const pointText = (point: DraftPoint) => (typeof point === "string" ? point : point.text);
