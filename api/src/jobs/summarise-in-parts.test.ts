// A very long meeting's local summary is made a part per step: each part ends in a checkpoint (where the job may make
// way for another account), and a job resumed after making way summarises only the parts not done.
import { expect, test } from "bun:test";
import type { MeetingSummary, SummariseInput } from "@cm/ai";
import { PART_CHARACTERS } from "@cm/ai/long-meetings";
import { buildTranscript } from "@cm/ai/transcript";
import type { JobRow } from "@cm/db/queries/jobs";
import type { WorkerContext } from "../context";
import { summariseInParts } from "./summarise-in-parts";

function longInput(parts: number): SummariseInput {
  const turn = "We went through the pension transfer and the fees again. ".repeat(20);
  const speakers = ["Ann Ellery", "Bo Natarja"];
  // What splitIntoParts counts for a segment: its text, its speaker and two characters.
  const size = `${turn}Turn 000000.`.length + speakers[0]!.length + 2;
  const turnsPerPart = Math.floor(PART_CHARACTERS / size);
  const segments = Array.from({ length: parts * turnsPerPart }, (_, i) => ({
    start: i * 10,
    end: i * 10 + 9,
    speaker: speakers[i % 2]!,
    text: `${turn}Turn ${String(i).padStart(6, "0")}.`,
  }));
  return { transcript: buildTranscript(segments), title: "Review", clientName: "Ellery", meetingDate: new Date() };
}

function fakeWorker(engine: string) {
  const summarised: number[] = [];
  const ctx = {
    ai: {
      engines: { summary: engine },
      async summarise(input: SummariseInput): Promise<MeetingSummary> {
        summarised.push(input.transcript.segments.length);
        const first = input.transcript.segments[0]!.text.match(/Turn \d+/)![0];
        return {
          executiveSummary: `${first} opened.`,
          keyPoints: [{ text: first, evidence: [0] }],
          actionItems: [],
          nextMeeting: null,
        };
      },
    },
  } as unknown as WorkerContext;
  return { ctx, summarised };
}

function fakeRun(progress: Record<string, unknown> = {}) {
  const job = { progress } as JobRow;
  const checkpoints: Record<string, unknown>[] = [];
  return {
    checkpoints,
    run: {
      job,
      signal: new AbortController().signal,
      async checkpoint(saved?: Record<string, unknown>) {
        if (saved) {
          job.progress = saved;
          checkpoints.push(saved);
        }
      },
    },
  };
}

test("three parts: three steps with a checkpoint each, merged with evidence on the whole transcript", async () => {
  const input = longInput(3);
  const { ctx, summarised } = fakeWorker("local");
  const { run, checkpoints } = fakeRun();
  const merged = await summariseInParts(ctx, input, run);
  expect(summarised).toHaveLength(3);
  expect(checkpoints).toHaveLength(3);
  expect(merged.keyPoints).toHaveLength(3);
  // Each part's first segment, found again in the whole transcript through its shifted evidence.
  for (const point of merged.keyPoints as { text: string; evidence: number[] }[]) {
    expect(input.transcript.segments[point.evidence[0]!]!.text).toContain(`${point.text}.`);
  }
});

test("a job resumed after its first part summarises only the other two", async () => {
  const input = longInput(3);
  const first = fakeWorker("local");
  const once = fakeRun();
  await summariseInParts(first.ctx, input, {
    ...once.run,
    checkpoint: async (saved) => {
      await once.run.checkpoint(saved);
      throw new Error("made way");
    },
  }).catch(() => {});
  expect(first.summarised).toHaveLength(1);
  const resumed = fakeWorker("local");
  await summariseInParts(resumed.ctx, input, fakeRun(once.run.job.progress).run);
  expect(resumed.summarised).toHaveLength(2);
});

test("a meeting of one part, or a chat service's summary, is one call as before", async () => {
  const short = fakeWorker("local");
  await summariseInParts(short.ctx, longInput(1), fakeRun().run);
  expect(short.summarised).toHaveLength(1);
  const service = fakeWorker("openai:gpt-4o-mini");
  await summariseInParts(service.ctx, longInput(3), fakeRun().run);
  expect(service.summarised).toHaveLength(1);
});
