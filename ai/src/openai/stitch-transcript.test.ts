// Stitching per-piece transcriptions: nothing said may be lost at a cut, nothing heard twice may stay twice.
import { describe, expect, test } from "bun:test";
import { planPieces } from "../audio/plan-pieces";
import type { PieceTranscription } from "./piece-words";
import { stitchTranscript } from "./stitch-transcript";

function textOnly(offsetSeconds: number, durationSeconds: number, text: string): PieceTranscription {
  return { offsetSeconds, durationSeconds, segments: [], text };
}

describe("stitchTranscript", () => {
  test("pieces without segments (text-only servers) all keep their text", () => {
    const transcript = stitchTranscript(
      [
        textOnly(0, 1200, "Welcome back, let us review the pension plan."),
        textOnly(1197, 1200, "The fund returned four percent this year."),
        textOnly(2394, 1206, "We meet again in June to decide on the mortgage."),
      ],
      3600,
    );
    expect(transcript.fullText).toContain("pension plan");
    expect(transcript.fullText).toContain("four percent");
    expect(transcript.fullText).toContain("decide on the mortgage");
    expect(transcript.segments).toHaveLength(3);
    expect(transcript.segments.map((s) => s.start)).toEqual([0, 1197, 2394]);
  });

  test("a segment straddling the cut is trimmed, not dropped", () => {
    const transcript = stitchTranscript(
      [
        {
          offsetSeconds: 0,
          durationSeconds: 60,
          text: "",
          segments: [
            { start: 40, end: 52, text: "We looked at the bond ladder." },
            { start: 52, end: 60, text: "Let us revisit it after the quart" },
          ],
        },
        {
          offsetSeconds: 57,
          durationSeconds: 30,
          text: "",
          segments: [
            { start: 0, end: 8, text: "quarter end before the rate decision in June." },
            { start: 8, end: 14, text: "Agreed." },
          ],
        },
      ],
      87,
    );
    expect(transcript.fullText).toContain("rate decision in June");
    expect(transcript.fullText).toContain("Let us revisit it after the");
    expect(transcript.fullText).toContain("Agreed.");
  });

  test("near-duplicates across the overlap are kept once, by aligning the overlap's words", () => {
    const transcript = stitchTranscript(
      [
        {
          offsetSeconds: 0,
          durationSeconds: 60,
          text: "",
          segments: [{ start: 48, end: 60, text: "Inflation should settle at about two percent." }],
        },
        {
          offsetSeconds: 57,
          durationSeconds: 30,
          text: "",
          // Starts after the middle of the overlap, and differs from the first piece's segment.
          segments: [{ start: 1.6, end: 10, text: "two percent, so the cash buffer can shrink." }],
        },
      ],
      87,
    );
    expect(transcript.fullText.match(/two percent/g)).toHaveLength(1);
    expect(transcript.fullText).toContain("cash buffer can shrink");
    expect(transcript.fullText).toContain("Inflation should settle");
  });

  test("text-only pieces drop the words their overlap transcribed twice", () => {
    // Ten minutes at two and a half words a second; the shared words sit where the pieces meet.
    const talk = (prefix: string) => Array.from({ length: 1480 }, (_, i) => `${prefix}${i}`).join(" ");
    const transcript = stitchTranscript(
      [
        textOnly(0, 600, `${talk("a")} We reviewed the portfolio and the trust deed for the grandchildren`),
        textOnly(597, 600, `trust deed for the grandchildren needs a new trustee by March. ${talk("b")}`),
      ],
      1197,
    );
    expect(transcript.fullText.match(/grandchildren/g)).toHaveLength(1);
    expect(transcript.fullText).toContain("We reviewed the portfolio");
    expect(transcript.fullText).toContain("needs a new trustee by March.");
  });

  test("word timestamps place the cut when the words differ across the overlap", () => {
    const transcript = stitchTranscript(
      [
        {
          offsetSeconds: 0,
          durationSeconds: 60,
          text: "",
          segments: [{ start: 50, end: 60, text: "The yield is 4.2 per cent for" }],
          words: [
            { word: "The", start: 50, end: 51 },
            { word: "yield", start: 51, end: 52 },
            { word: "is", start: 52, end: 53 },
            { word: "4.2", start: 53, end: 56 },
            { word: "per", start: 56, end: 57.5 },
            { word: "cent", start: 57.5, end: 58.2 },
            { word: "for", start: 58.8, end: 59.5 },
          ],
        },
        {
          offsetSeconds: 57,
          durationSeconds: 20,
          text: "",
          segments: [{ start: 0, end: 6, text: "percent, forty-two months." }],
          words: [
            { word: "percent", start: 0.4, end: 1.2 },
            { word: "forty-two", start: 1.8, end: 3 },
            { word: "months", start: 3, end: 4 },
          ],
        },
      ],
      77,
    );
    // Cut at 58.5 s: "for" (58.8 s) belongs to the second piece, which heard it as "forty-two".
    expect(transcript.fullText).toBe("The yield is 4.2 per cent\nforty-two months.");
  });

  test("words repeated away from the shared stretch are no match", () => {
    // "was heard" ends both pieces, but in the second one it is far from where the pieces meet.
    const transcript = stitchTranscript(
      [textOnly(0, 25, "Piece one was heard."), textOnly(22, 25, "Piece two was heard.")],
      47,
    );
    expect(transcript.fullText).toBe("Piece one was heard.\nPiece two was heard.");
  });

  test("a piece is never dropped, even one that lies almost wholly in an overlap", () => {
    const transcript = stitchTranscript(
      [
        {
          offsetSeconds: 0,
          durationSeconds: 30,
          text: "",
          segments: [{ start: 0, end: 30, text: "First part of the meeting." }],
        },
        textOnly(27, 5, "Short tail words."),
      ],
      32,
    );
    expect(transcript.fullText).toContain("Short tail words.");
  });

  test("speakers keep one label for the whole meeting, matched by who talks in the shared stretch", () => {
    // The diarizing model labels by order of appearance per request: the adviser is "A" in the first piece
    // and "B" in the second, where the client speaks first.
    const transcript = stitchTranscript(
      [
        {
          offsetSeconds: 0,
          durationSeconds: 100,
          text: "",
          segments: [
            { start: 0, end: 40, text: "Thanks for coming in today.", speaker: "A" },
            { start: 40, end: 78, text: "Happy to be here.", speaker: "B" },
            {
              start: 78,
              end: 100,
              text: "Shall we look at the pension transfer and the fees it carries",
              speaker: "A",
            },
          ],
        },
        {
          offsetSeconds: 80,
          durationSeconds: 60,
          text: "",
          segments: [
            { start: 0, end: 20, text: "the pension transfer and the fees it carries now?", speaker: "B" },
            { start: 20, end: 40, text: "Yes, the fees worry me.", speaker: "A" },
            { start: 40, end: 60, text: "Then we compare providers.", speaker: "B" },
          ],
        },
      ],
      140,
    );
    expect(transcript.segments.map((s) => s.speaker)).toEqual([
      "Speaker 1",
      "Speaker 2",
      "Speaker 1",
      "Speaker 1", // "now?": the rest of the second piece's first segment, after the shared words
      "Speaker 2",
      "Speaker 1",
    ]);
    expect(transcript.segments[3]?.text).toBe("now?");
    expect(transcript.fullText).toContain("Speaker 2: Yes, the fees worry me.");
    expect(transcript.fullText.match(/pension transfer/g)).toHaveLength(1);
  });

  test("low-confidence flags survive stitching; sure segments carry no flag", () => {
    const transcript = stitchTranscript(
      [
        {
          offsetSeconds: 0,
          durationSeconds: 20,
          text: "",
          segments: [
            { start: 0, end: 10, text: "The mortgage rate is fixed.", lowConfidence: false },
            { start: 10, end: 20, text: "Hmm mumble the fee.", lowConfidence: true },
          ],
        },
      ],
      20,
    );
    expect(transcript.segments[0]).toEqual({ start: 0, end: 10, speaker: null, text: "The mortgage rate is fixed." });
    expect(transcript.segments[1]?.lowConfidence).toBe(true);
  });
});

/** A random meeting cut into overlapping pieces, each transcribed perfectly as the service would return it. */
function randomMeeting(random: () => number, shape: "segments" | "text" | "words") {
  const total = 200 + Math.floor(random() * 1000);
  const words: { word: string; at: number }[] = [];
  for (let at = 0; at < total; at += 0.2 + random() * 0.6 + (random() < 0.02 ? 5 * random() : 0)) {
    words.push({ word: `word${words.length}`, at });
  }
  const plan = planPieces(total, [], 60 + Math.floor(random() * 200), 2 + Math.floor(random() * 10));
  const pieces = plan.map((p): PieceTranscription => {
    const heard = words.filter((w) => w.at >= p.start && (w.at + 0.15 < p.end || p.end >= total));
    const segments = [];
    for (let i = 0; i < heard.length; i += 8) {
      const chunk = heard.slice(i, i + 8);
      const end = Math.min(p.end, (chunk.at(-1)?.at ?? 0) + 0.3);
      segments.push({
        start: (chunk[0]?.at ?? 0) - p.start,
        end: end - p.start,
        text: chunk.map((w) => w.word).join(" "),
      });
    }
    return {
      offsetSeconds: p.start,
      durationSeconds: p.end - p.start,
      segments: shape === "text" ? [] : segments,
      text: heard.map((w) => w.word).join(" "),
      words:
        shape === "words"
          ? heard.map((w) => ({ word: w.word, start: w.at - p.start, end: w.at + 0.15 - p.start }))
          : undefined,
    };
  });
  return { words, pieces, total };
}

describe("stitchTranscript over random meetings", () => {
  function outcome(shape: "segments" | "text" | "words") {
    let seed = 7;
    const random = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    let lost = 0;
    let doubled = 0;
    let boundaries = 0;
    for (let run = 0; run < 60; run++) {
      const meeting = randomMeeting(random, shape);
      boundaries += meeting.pieces.length - 1;
      const heard = stitchTranscript(meeting.pieces, meeting.total).fullText.split(/\s+/);
      const counts = new Map<string, number>();
      for (const word of heard) counts.set(word, (counts.get(word) ?? 0) + 1);
      lost += meeting.words.filter((w) => !counts.has(w.word)).length;
      doubled += [...counts.values()].filter((n) => n > 1).length;
    }
    return { lost, doubled, boundaries };
  }

  test("with word times, no word is lost or doubled", () => {
    const { lost, doubled, boundaries } = outcome("words");
    expect(boundaries).toBeGreaterThan(200);
    expect({ lost, doubled }).toEqual({ lost: 0, doubled: 0 });
  });

  test("text-only pieces never lose a word (a word may be doubled where pieces share fewer than two)", () => {
    const { lost, doubled, boundaries } = outcome("text");
    expect(lost).toBe(0);
    expect(doubled).toBeLessThan(boundaries / 10);
  });

  test("with segment times only, hardly a word is lost or doubled", () => {
    const { lost, doubled, boundaries } = outcome("segments");
    expect(lost + doubled).toBeLessThan(boundaries / 20);
  });
});
