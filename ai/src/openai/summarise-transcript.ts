// Map-reduce summarisation with LangChain structured output: one call for short meetings,
// notes per part plus a merging call for long ones.

import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { z } from "zod";
import type { MeetingSummary, SummariseInput } from "../types";
import { MalformedAiOutputError } from "./ai-errors";
import { DEFAULT_PART_TOKENS, splitTranscript } from "./split-transcript";
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
import { mapConcurrently, type RetryOptions, withRetries } from "./with-retries";

interface SummariseSettings {
  chat: BaseChatModel;
  concurrency: number;
  retry: RetryOptions;
  maxPartTokens?: number;
}

export async function summariseTranscript(
  input: SummariseInput,
  settings: SummariseSettings,
  signal?: AbortSignal,
): Promise<MeetingSummary> {
  const header = formatMeetingHeader(input);
  const parts = splitTranscript(input.transcript, settings.maxPartTokens ?? DEFAULT_PART_TOKENS);
  if (parts.length === 0) return emptySummary();
  if (parts.length === 1) {
    const prompt = `${header}\n\n${fenceData("transcript", parts[0] ?? "")}`;
    const output = await invokeStructured(
      settings,
      meetingSummarySchema,
      "meeting_summary",
      [SUMMARY_SYSTEM_PROMPT, prompt],
      signal,
    );
    return normaliseSummary(output);
  }
  const notes = await mapConcurrently(parts, settings.concurrency, (part, index) => {
    const prompt = `${header}\nPart ${index + 1} of ${parts.length}\n\n${fenceData("transcript", part)}`;
    return invokeStructured(settings, partNotesSchema, "meeting_part_notes", [PART_SYSTEM_PROMPT, prompt], signal);
  });
  const reducePrompt = `${header}\n\n${fenceData("part_notes", formatNotes(notes))}`;
  const output = await invokeStructured(
    settings,
    meetingSummarySchema,
    "meeting_summary",
    [REDUCE_SYSTEM_PROMPT, reducePrompt],
    signal,
  );
  return normaliseSummary(output);
}

async function invokeStructured<S extends z.ZodObject>(
  settings: SummariseSettings,
  schema: S,
  name: string,
  [system, user]: [string, string],
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  const model = settings.chat.withStructuredOutput(schema, { name });
  return withRetries(
    async () => {
      let raw: unknown;
      try {
        raw = await model.invoke([new SystemMessage(system), new HumanMessage(user)], { signal });
      } catch (error) {
        // LangChain's output parsers raise OutputParserException (or a zod error) on invalid JSON.
        if (isOutputParsingError(error)) {
          throw new MalformedAiOutputError("The AI service returned a summary in an unexpected format");
        }
        throw error;
      }
      // Validate again ourselves: the parser is skipped by some providers' "parsed" shortcut.
      const parsed = schema.safeParse(raw);
      if (!parsed.success)
        throw new MalformedAiOutputError("The AI service returned a summary in an unexpected format");
      return parsed.data as z.infer<S>;
    },
    { ...settings.retry, signal },
  );
}

function isOutputParsingError(error: unknown): boolean {
  const e = error as { name?: unknown; lc_error_code?: unknown; status?: unknown } | null;
  if (!e || typeof e.status === "number") return false;
  return (
    e.name === "OutputParserException" ||
    // zod v4 core errors are named "$ZodError" (thrown by the SDK's response_format parser).
    (typeof e.name === "string" && e.name.endsWith("ZodError")) ||
    e.name === "SyntaxError" ||
    e.lc_error_code === "OUTPUT_PARSING_FAILURE"
  );
}

function formatNotes(notes: PartNotes[]): string {
  return notes.map((note, index) => `Part ${index + 1}:\n${JSON.stringify(note, null, 2)}`).join("\n\n");
}

function normaliseSummary(output: MeetingSummaryOutput): MeetingSummary {
  const clean = (items: string[]) => items.map((item) => item.trim()).filter((item) => item.length > 0);
  const next = output.nextMeeting;
  const nextDate = next?.date?.trim() || null;
  const nextTopics = next ? clean(next.topics) : [];
  return {
    executiveSummary: output.executiveSummary.trim(),
    keyPoints: clean(output.keyPoints),
    actionItems: output.actionItems
      .map((item) => {
        const dueDate = item.dueDate?.trim();
        const base = { task: item.task.trim(), assignee: item.assignee.trim() || "Unassigned" };
        return dueDate && /^\d{4}-\d{2}-\d{2}$/.test(dueDate) ? { ...base, dueDate } : base;
      })
      .filter((item) => item.task.length > 0),
    nextMeeting: next && (nextDate !== null || nextTopics.length > 0) ? { date: nextDate, topics: nextTopics } : null,
  };
}

function emptySummary(): MeetingSummary {
  return { executiveSummary: "The transcript is empty.", keyPoints: [], actionItems: [], nextMeeting: null };
}
