// The local engine's notes, offline: facts first, then words. The sentences are read into a record of facts
// (record/build-record.ts), each with its transcript moment and a fitted confidence; the notes are written from the
// sure facts by sentence forms (record/write-notes.ts). No spoken sentence is copied into the notes.

import { buildSegmentIndex, type SegmentIndex } from "../grounding/segment-index";
import { type Sentence, splitSegmentsIntoSentences, withoutToolTag } from "../language/sentences";
import type { MeetingSummary, SummariseInput } from "../types";
import { withRoleAsked } from "./action-items/person-meant";
import { readActionItems } from "./extract-action-items";
import { findNextMeeting } from "./find-next-meeting";
import { buildRecord, namesOfMeeting } from "./record/build-record";
import type { ConfidenceWeights, Fact } from "./record/fact";
import { findDecisions } from "./record/find-decisions";
import { joinContinuedTurns, turnsByFirst } from "./record/join-continued-turns";
import { notePeople } from "./record/note-people";
import { readRoles } from "./record/read-plans-and-roles";
import { loadWordKinds } from "./record/word-kinds";
import { writeNotes } from "./record/write-notes";

export interface SummariseOptions {
  /** Fitted confidence weights (ai/fitted/fact-confidence.json); without them every fact is said (fitting only). */
  confidence?: ConfidenceWeights;
  signal?: AbortSignal;
}

export type LocalMeetingSummary = MeetingSummary & { facts: Fact[] };

export async function summariseExtractive(
  input: SummariseInput,
  options: SummariseOptions = {},
): Promise<LocalMeetingSummary> {
  const { transcript, meetingDate } = input;
  options.signal?.throwIfAborted();
  await loadWordKinds();
  // Where each spoken segment sits in the transcript: the moment each fact keeps (../grounding checks it).
  const transcriptIndex = transcript.segments.flatMap((s, i) => (s.text.trim().length > 0 ? [i] : []));
  // Notes name people without a meeting tool's tag ("Bridget Sandoval (Guest)" is Bridget Sandoval).
  const spoken = transcriptIndex.map((i) => {
    const segment = transcript.segments[i]!;
    return segment.speaker ? { ...segment, speaker: withoutToolTag(segment.speaker) } : segment;
  });
  const sentences = splitSegmentsIntoSentences(spoken);
  const speakers = [...new Set(sentences.map((s) => s.speaker).filter((s): s is string => s !== null))];
  // The record reads whole sentences: turns cut over several captions are joined first.
  const joined = joinContinuedTurns(spoken);
  const whole: Sentence[] =
    joined.segments.length === spoken.length
      ? sentences
      : splitSegmentsIntoSentences(joined.segments).map((s) => ({
          ...s,
          segmentIndex: joined.firstIndex[s.segmentIndex]!,
        }));
  // Found before the action items: "bring your ID to the signing" is due on the day the signing was set for.
  const nextMeeting = findNextMeeting(sentences, meetingDate);
  // Only what is sure is an action item; the rest are possible ones, shown apart.
  const read = readActionItems(sentences, {
    speakers,
    meetingDate,
    clientName: input.clientName,
    nextMeetingDate: nextMeeting?.date ?? null,
  });
  // "Ask Siobhan this weekend", where Siobhan was named backup guardian: what she is asked is the role.
  const roles = readRoles(whole, namesOfMeeting(whole));
  const actionItems = read.actionItems.map((item) => ({ ...item, task: withRoleAsked(item.task, roles) }));
  const { possibleActionItems } = read;
  const people = notePeople(speakers, input.clientName);
  const recorded = buildRecord({
    sentences: whole,
    segmentOf: (sentence) => transcriptIndex[sentence.segmentIndex] ?? -1,
    decisions: findDecisions(whole),
    actionItems,
    nextMeeting,
    meetingDate,
    people: { nameOf: people.nameOf, isClient: people.isClient, household: people.client },
    ...(options.confidence ? { weights: options.confidence } : {}),
  });
  // Each fact is cited at the caption of its turn that says it, and the notes' grounding finds it there.
  const turns = new Map(
    [...turnsByFirst(joined, spoken.length)].map(([first, turn]) => [
      transcriptIndex[first]!,
      turn.map((i) => transcriptIndex[i]!),
    ]),
  );
  const facts = placedInTurns(recorded, turns, buildSegmentIndex(transcript.segments));
  const threshold = options.confidence?.threshold ?? 0;
  const notes = writeNotes(facts, threshold, describeEmptyMeeting(input));
  return {
    ...notes,
    actionItems,
    nextMeeting,
    ...(possibleActionItems.length > 0 ? { possibleActionItems } : {}),
    facts,
  };
}

function describeEmptyMeeting(input: SummariseInput): string {
  return `${input.title} with ${input.clientName}: the transcript has too little content for a summary.`;
}

/**
 * A sentence cut over captions ("She told us at her" | "birthday that she changed her will to" | "leave Toby a
 * hundred and fifty thousand.") is read whole from its turn, which starts at its first caption; its fact moves to the
 * caption of the turn that says more of its words (the figure, the choice), or stays where the turn starts.
 */
function placedInTurns(facts: Fact[], turns: ReadonlyMap<number, readonly number[]>, index: SegmentIndex): Fact[] {
  return facts.map((fact) => {
    const turn = turns.get(fact.segment);
    if (!turn) return fact;
    let best = fact.segment;
    let most = index.overlap(fact.text, best);
    for (const segment of turn) {
      const shared = index.overlap(fact.text, segment);
      if (shared > most) [best, most] = [segment, shared];
    }
    return best === fact.segment ? fact : { ...fact, segment: best };
  });
}
