import { expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "../../language/sentences";
import { summariseExtractive } from "../summarise-extractive";

// A long working meeting of short statements, each about its own subject: the summary's length is set by its word
// budget (150 words for a meeting this long), not cut at seven sentences.
const SUBJECTS = [
  ["remote control", "battery", "casing"],
  ["marketing budget", "television", "advert"],
  ["speech recognition", "microphone", "chip"],
  ["rubber buttons", "supplier", "price"],
  ["solar panel", "charging", "cradle"],
  ["target group", "teenagers", "survey"],
  ["company colours", "logo", "yellow"],
  ["scroll wheel", "menu", "screen"],
  ["production cost", "twelve euros", "margin"],
  ["evaluation criteria", "scale", "points"],
  ["user interface", "buttons", "layout"],
  ["prototype", "clay model", "designer"],
];

function longMeeting() {
  const segments = [];
  let start = 0;
  for (let round = 0; round < 40; round++) {
    for (const [i, [topic, a, b]] of SUBJECTS.entries()) {
      const speaker = ["Project Manager", "Industrial Designer", "Marketing Expert"][(round + i) % 3]!;
      const text = `The ${topic} needs the ${a} and the ${b} by round ${round + 1}. We checked the ${topic} again.`;
      segments.push({ start, end: start + 8, speaker, text });
      start += 8;
    }
  }
  return segments;
}

test("a long meeting of short sentences gets a summary of more than seven sentences within its word budget", async () => {
  const segments = longMeeting();
  const summary = await summariseExtractive({
    transcript: { segments, fullText: "", durationSeconds: null },
    title: "Design meeting",
    clientName: "Client",
    meetingDate: new Date(2025, 0, 1),
  });
  const sentences = splitSegmentsIntoSentences([{ start: 0, end: 1, speaker: null, text: summary.executiveSummary }]);
  const words = summary.executiveSummary.split(/\s+/).length;
  // The opening says who met; the rest is chosen.
  expect(sentences.length - 1).toBeGreaterThan(7);
  expect(sentences.length - 1).toBeLessThanOrEqual(9);
  expect(words).toBeLessThanOrEqual(150 + 40);
});
