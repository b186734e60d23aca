// A transcript's text is stored as parts of at most 65,536 UTF-16 units (migration 023), so a 10 MB text is written
// and read in short statements. Ranges count code points, as Postgres does, across part boundaries and astral
// characters alike.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { findTranscript, upsertTranscript } from "../src/queries/meeting-content";
import { readTextRange } from "../src/queries/transcript-pages";
import { leadingCodePoints, splitTextParts, TEXT_PART_UNITS } from "../src/queries/transcript-text-parts";
import { createTestDatabase } from "../src/testing";

describe("splitting a text into parts", () => {
  test("parts join back to the text, never split a surrogate pair, and count code points", () => {
    const text = `${"a".repeat(4)}😀${"b".repeat(3)}é😀`;
    const parts = splitTextParts(text, 5);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect(parts.map((p) => p.text)).toEqual(["aaaa", "😀bbb", "é😀"]);
    expect(parts.map((p) => [p.startsAt, p.textLength])).toEqual([
      [0, 4],
      [4, 4],
      [8, 2],
    ]);
  });

  test("an empty text is one empty part; the preview counts code points", () => {
    expect(splitTextParts("")).toEqual([{ part: 0, startsAt: 0, textLength: 0, text: "" }]);
    expect(leadingCodePoints("😀😀😀", 2)).toBe("😀😀");
  });
});

describe("a long transcript's text in parts", () => {
  let db: Database;
  let meetingId: number;
  // Several parts, with astral characters on both sides of the part boundaries.
  const text = Array.from({ length: 11_000 }, (_, i) => `Line ${i} 😀 tax.`).join("\n");
  const codePoints = Array.from(text);

  beforeAll(async () => {
    db = await createTestDatabase();
    const [user] = await db.sql<
      { id: number }[]
    >`insert into users (username, password) values ('parts', 'x') returning id`;
    const [client] = await db.sql<{ id: number }[]>`
      insert into clients (user_id, name, type) values (${user!.id}, 'Okafor', 'Estate') returning id`;
    const [meeting] = await db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      values (${user!.id}, ${client!.id}, 'Review', now(), 'Processing') returning id`;
    meetingId = meeting!.id;
    await upsertTranscript(db.sql, { meetingId, fullText: text, segments: [{ speaker: "Ada", text: "Hello" }] });
  });

  afterAll(async () => {
    await db?.close();
  });

  test("is stored as several parts, with the totals on the transcript's row", async () => {
    expect(text.length).toBeGreaterThan(TEXT_PART_UNITS * 2);
    const [row] = await db.sql<{ parts: number; length: number; preview: string }[]>`
      select (select count(*)::int from transcript_text_parts where meeting_id = ${meetingId}) as parts,
        full_text_length as length, preview from transcripts where meeting_id = ${meetingId}`;
    expect(row).toEqual({
      parts: splitTextParts(text).length,
      length: codePoints.length,
      preview: codePoints.slice(0, 200).join(""),
    });
    expect((await findTranscript(db.sql, meetingId))?.fullText).toBe(text);
  });

  test("any character range reads what the whole text holds there, across part boundaries", async () => {
    const total = codePoints.length;
    for (const [from, to] of [
      [0, 10],
      [32_000, 70_000],
      [65_530, 65_540],
      [total - 5, total + 50],
    ] as const) {
      const range = await readTextRange(db.sql, { meetingId, from, to, total });
      expect(range.text).toBe(codePoints.slice(from, Math.min(to, total)).join(""));
    }
  });

  test("a shorter text written over it leaves no part of the longer one", async () => {
    await upsertTranscript(db.sql, { meetingId, fullText: "Short now.", segments: [] });
    const transcript = await findTranscript(db.sql, meetingId);
    expect(transcript?.fullText).toBe("Short now.");
    const [row] = await db.sql<{ parts: number }[]>`
      select count(*)::int as parts from transcript_text_parts where meeting_id = ${meetingId}`;
    expect(row!.parts).toBe(1);
  });
});
