// Map-reduce summarisation with LangChain structured output: one call when the meeting fits the model's context
// window (a one-hour meeting on a 128k model), notes per part plus a merging call for longer ones.

import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { ActionItem, MeetingSummary, SummariseInput } from "../types";
import { contextTokensFromError } from "./answer-budget";
import { matchKey } from "./piece-words";
import { splitTranscript, summaryPartTokens } from "./split-transcript";
import { invokeStructured, type StructuredService, serviceKey } from "./structured-output";
import {
  fenceData,
  formatMeetingHeader,
  type MeetingSummaryOutput,
  meetingSummarySchema,
  PART_SYSTEM_PROMPT,
  type PartNotes,
  partNotesSchema,
  REDUCE_SYSTEM_PROMPT,
  SUMMARY_SYSTEM_PROMPT,
} from "./summary-schema";
import { mapConcurrently, type RetryOptions } from "./with-retries";

export interface SummariseSettings {
  chat: BaseChatModel;
  /** The chat service (base URL + model): its context window and the structured-output mode it accepts. */
  service: StructuredService;
  concurrency: number;
  retry: RetryOptions;
  /** Transcript tokens per call; default from the model's context window. */
  maxPartTokens?: number;
  /** Overrides the context window the model table gives (CHAT_CONTEXT_TOKENS). */
  contextTokens?: number;
  /** IANA zone the meeting's local date is given in (default: the process's, i.e. TZ). */
  timeZone?: string;
}

/** Context windows servers turned out to have (their context-length errors said so), per base URL and model. */
const learnedContextTokens = new Map<string, number>();

/**
 * Summarises in parts sized for the model's context window. A server whose window is smaller than its model's name
 * suggests answers "maximum context length is N tokens": the meeting is split again for N (once), and N is kept.
 */
export async function summariseTranscript(
  input: SummariseInput,
  settings: SummariseSettings,
  signal?: AbortSignal,
): Promise<MeetingSummary> {
  const key = serviceKey(settings.service);
  const contextTokens = settings.contextTokens ?? learnedContextTokens.get(key);
  const partTokens = settings.maxPartTokens ?? summaryPartTokens(settings.service.model, contextTokens);
  try {
    return await summariseInParts(input, settings, partTokens, signal);
  } catch (error) {
    const window = contextTokensFromError(error instanceof Error ? error.message : "");
    if (window === undefined || settings.maxPartTokens !== undefined) throw error;
    const smaller = summaryPartTokens(settings.service.model, window);
    if (smaller >= partTokens) throw error;
    learnedContextTokens.set(key, window);
    return summariseInParts(input, settings, smaller, signal);
  }
}

async function summariseInParts(
  input: SummariseInput,
  settings: SummariseSettings,
  partTokens: number,
  signal?: AbortSignal,
): Promise<MeetingSummary> {
  const header = formatMeetingHeader({ ...input, timeZone: settings.timeZone });
  const call = { ...settings, subject: "summary" };
  const summary = async (system: string, data: string) =>
    normaliseSummary(
      await invokeStructured(call, meetingSummarySchema, "meeting_summary", [system, `${header}\n\n${data}`], signal),
    );
  const parts = splitTranscript(input.transcript, partTokens);
  if (parts.length === 0) return emptySummary();
  if (parts.length === 1) return summary(SUMMARY_SYSTEM_PROMPT, fenceData("transcript", parts[0] ?? ""));
  const notes = await mapConcurrently(parts, settings.concurrency, (part, index) => {
    const prompt = `${header}\nPart ${index + 1} of ${parts.length}\n\n${fenceData("transcript", part)}`;
    return invokeStructured(call, partNotesSchema, "meeting_part_notes", [PART_SYSTEM_PROMPT, prompt], signal);
  });
  return summary(REDUCE_SYSTEM_PROMPT, fenceData("part_notes", formatNotes(notes)));
}

function formatNotes(notes: PartNotes[]): string {
  return notes.map((note, index) => `Part ${index + 1}:\n${JSON.stringify(note, null, 2)}`).join("\n\n");
}

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The model's output as a draft: blanks dropped, "none" as absent; evidence is checked by the grounding step. */
function normaliseSummary(output: MeetingSummaryOutput): MeetingSummary {
  const clean = (items: string[]) => items.map((item) => item.trim()).filter((item) => item.length > 0);
  const points = (items: { text: string; evidence: number[] }[]) =>
    items.map((point) => ({ text: point.text.trim(), evidence: point.evidence })).filter((point) => point.text);
  const next = output.nextMeeting;
  const nextDate = next?.date?.trim() || null;
  const nextTime = next?.time?.trim();
  const nextTopics = next ? clean(next.topics) : [];
  return {
    executiveSummary: output.executiveSummary.trim(),
    keyPoints: points(output.keyPoints),
    decisions: points(output.decisions),
    actionItems: dedupeActionItems(
      output.actionItems
        .map((item) => {
          const dueDate = item.dueDate?.trim();
          const base = {
            task: item.task.trim(),
            assignee: item.assignee.trim() || "Unassigned",
            evidence: item.evidence,
          };
          return dueDate && ISO_DAY.test(dueDate) ? { ...base, dueDate } : base;
        })
        .filter((item) => item.task.length > 0),
    ),
    nextMeeting:
      next && (nextDate !== null || nextTopics.length > 0)
        ? {
            date: nextDate,
            ...(nextTime && TIME_OF_DAY.test(nextTime) ? { time: nextTime } : {}),
            topics: nextTopics,
            evidence: next.evidence,
          }
        : null,
  };
}

/**
 * One item per task and assignee: the reduce step (or a model on its own) can repeat an item that two parts noted.
 * The first wording is kept, with a due date a repeat adds.
 */
export function dedupeActionItems(items: ActionItem[]): ActionItem[] {
  const byKey = new Map<string, ActionItem>();
  for (const item of items) {
    const key = `${matchKey(item.task)}\u0000${matchKey(item.assignee)}`;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, item);
    else if (!seen.dueDate && item.dueDate) byKey.set(key, { ...seen, dueDate: item.dueDate });
  }
  return [...byKey.values()];
}

function emptySummary(): MeetingSummary {
  return {
    executiveSummary: "The transcript is empty.",
    keyPoints: [],
    decisions: [],
    actionItems: [],
    nextMeeting: null,
  };
}
