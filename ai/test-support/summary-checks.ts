// What the fixtures require of a summary, as a list of failures (empty when it passes): shared by the fixture test
// and the summaries bench so both count the same thing.
import type { MeetingSummary } from "../src/types";
import type { SummaryFixture } from "./summary-fixtures";

const GREETING =
  /\b(?:hi|hello|hey|good (?:morning|afternoon|evening)|thanks for|thank you|nice to see|good to see)\b/i;
const FILLER = /\b(?:um|uh|you know|okay so)\b/i;

export function checkSummary(fixture: SummaryFixture, summary: MeetingSummary): string[] {
  const failures: string[] = [];
  const speakers = [...new Set(fixture.lines.map(([speaker]) => speaker))];
  for (const speaker of speakers) {
    if (summary.executiveSummary.includes(`${speaker}:`)) failures.push(`summary has the prefix "${speaker}:"`);
  }
  if (GREETING.test(summary.executiveSummary)) failures.push("summary has a greeting or thanks");
  if (FILLER.test(summary.executiveSummary)) failures.push("summary has a filler");
  // Decisions are listed apart from the key points; a figure in either is in the notes the advisor reads.
  const pointTexts = [...summary.keyPoints, ...(summary.decisions ?? [])].map((point) =>
    typeof point === "string" ? point : point.text,
  );
  for (const point of pointTexts) {
    if (GREETING.test(point)) failures.push(`key point is small talk: ${point}`);
  }
  // The surest figures are told in the executive summary, the next ones in the key points (the record's notes).
  const points = [summary.executiveSummary, ...pointTexts].join("\n");
  for (const figure of fixture.figures) {
    if (!points.includes(figure)) failures.push(`the notes miss the figure ${figure}`);
  }
  for (const expected of fixture.actions) {
    const item = summary.actionItems.find((candidate) => expected.task.test(candidate.task));
    if (!item) {
      failures.push(`no action item for ${expected.task}`);
      continue;
    }
    if (item.assignee !== expected.assignee) {
      failures.push(`"${item.task}" assigned to ${item.assignee}, expected ${expected.assignee}`);
    }
    if (item.dueDate !== expected.dueDate) {
      failures.push(`"${item.task}" due ${item.dueDate ?? "never"}, expected ${expected.dueDate ?? "none"}`);
    }
  }
  for (const item of summary.actionItems) {
    if (fixture.notActions.some((pattern) => pattern.test(item.task))) failures.push(`false commitment: ${item.task}`);
    if (item.assignee === "Team") failures.push(`"${item.task}" assigned to Team`);
  }
  return failures;
}
