// A processed meeting with a transcript of several megabytes, written straight into the database: the pages and
// ranges of a long meeting can be tested without uploading and processing it.
import type { Sql } from "@cm/db";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { buildLongTranscriptVtt } from "./long-transcript";

const LINES = [
  "We went through the allocation and the drift since the spring review, fund by fund.",
  "The café owner's loan is repaid early, so the cash buffer can move into the bond ladder 🙂.",
  "Please send the signed transfer form and the latest statement before the end of the month.",
  "The trust's successor trustee needs to countersign page four of the amendment.",
];

export interface BigTranscript {
  fullText: string;
  segments: { start: number; end: number; speaker: string; text: string }[];
}

/**
 * About `megabytes` of transcript: numbered turns ("Turn 17.") of two speakers, and a third speaker only in the last
 * turn, so a speaker list made from the opening alone would miss them.
 */
export function buildBigTranscript(megabytes: number): BigTranscript {
  const segments: BigTranscript["segments"] = [];
  let size = 0;
  for (let i = 0; size < megabytes * 1024 * 1024; i++) {
    const text = `Turn ${i}. ${LINES[i % LINES.length]}`;
    segments.push({ start: i * 6, end: i * 6 + 6, speaker: i % 2 === 0 ? "Avery Stone" : "Jun Park", text });
    size += text.length + 12;
  }
  const last = segments.length;
  segments.push({ start: last * 6, end: last * 6 + 6, speaker: "Quinn Late", text: `Turn ${last}. That is all.` });
  const fullText = segments.map((s) => `${s.speaker}: ${s.text}`).join("\n");
  return { fullText, segments };
}

/** A processed meeting of this user's client holding `transcript`; returns its id. */
export async function seedBigMeeting(
  sql: Sql,
  { userId, clientId, transcript }: { userId: number; clientId: number; transcript: BigTranscript },
) {
  const [row] = await sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind)
    values (${userId}, ${clientId}, 'Annual review, all day', now(), ${transcript.segments.length * 6}, 'Review',
      'Processed', 'transcript')
    returning id`;
  const meetingId = Number(row!.id);
  await upsertTranscript(sql, { meetingId, fullText: transcript.fullText, segments: transcript.segments });
  return meetingId;
}

/** A WebVTT transcript file of just under `megabytes` (whole cues), as an advisor would upload a long day. */
export function buildVttOfSize(megabytes: number): string {
  const limit = Math.floor(megabytes * 1024 * 1024);
  let minutes = Math.max(10, Math.round(megabytes * 1000));
  for (;;) {
    const text = buildLongTranscriptVtt(minutes);
    if (text.length >= limit) return text.slice(0, text.lastIndexOf("\n\n", limit));
    minutes = Math.ceil(minutes * (limit / text.length) * 1.02);
  }
}
