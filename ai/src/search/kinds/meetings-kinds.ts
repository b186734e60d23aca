// The kinds answered from meetings chosen by the plan's scope, then their best sentences: a fact (meetings found by
// search, a client's or a period's), who/when (the next meeting on the calendar or agreed, the meeting that set an
// event), and a meeting's items (the last, first or named meeting, the one the conversation was about).
import type { AnswerKind } from "./answer-kind";
import { gatherFromMeetings } from "./from-meetings";

export const fact: AnswerKind = {
  name: "fact",
  about: "a fact said in the meetings: the best sentence of the passages found, with who said it and when",
  gather: gatherFromMeetings,
};

export const whoWhen: AnswerKind = {
  name: "who-when",
  about: "when the next meeting is (the calendar first, then what the notes agreed), or when an event was set",
  gather: gatherFromMeetings,
};

export const meetingItems: AnswerKind = {
  name: "meeting-items",
  about: "what a chosen meeting holds (its summary, decisions, action items), or what the question asks of it",
  gather: gatherFromMeetings,
};
