import { describe, expect, test } from "bun:test";
import { joinContinuedTurns } from "./join-continued-turns";

const segment = (speaker: string | null, text: string, start: number) => ({ speaker, text, start, end: start + 4 });

describe("joinContinuedTurns", () => {
  test("joins a sentence cut over two cues of one speaker, and remembers where it started", () => {
    const { segments, firstIndex } = joinContinuedTurns([
      segment("Ada Rowe", "With the bridge loan at six percent we would", 0),
      segment("Ada Rowe", "still come out ahead by spring.", 4),
      segment("Ben Hall", "Good.", 8),
      segment("Ada Rowe", "Then we close in May.", 12),
    ]);
    expect(segments.map((s) => s.text)).toEqual([
      "With the bridge loan at six percent we would still come out ahead by spring.",
      "Good.",
      "Then we close in May.",
    ]);
    expect(firstIndex).toEqual([0, 2, 3]);
    expect(segments[0]!.end).toBe(8);
  });

  test("does not join across speakers or after a finished sentence", () => {
    const { segments } = joinContinuedTurns([
      segment("Ada Rowe", "So the plan is", 0),
      segment("Ben Hall", "to wait", 4),
      segment("Ben Hall", "Right.", 8),
      segment("Ben Hall", "Then sell.", 12),
    ]);
    expect(segments.map((s) => s.text)).toEqual(["So the plan is", "to wait Right.", "Then sell."]);
  });

  test("a caption file without punctuation is joined in bounded pieces, in linear time", () => {
    const cues = Array.from({ length: 20_000 }, (_, i) => segment(null, "and then we talked about the account", i));
    const started = performance.now();
    const { segments } = joinContinuedTurns(cues);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(segments.length).toBeGreaterThan(300);
    expect(Math.max(...segments.map((s) => s.text.length))).toBeLessThanOrEqual(2_000);
  });
});
