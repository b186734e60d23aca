import type { MeetingSummary, TranscriptSegment } from "@cm/ai";
import type { Sql } from "@cm/db";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { saveNote } from "@cm/db/queries/notes";
import { upsertSummary } from "@cm/db/queries/summaries";
import { DEMO_CLIENTS, DEMO_MEETINGS } from "./demo-data";
import type { DemoMeeting, DemoWhen } from "./demo-types";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Local date and time of a demo meeting; never after `now` (every `daysAgo` is at least 1). */
export function demoMeetingDate(when: DemoWhen, now: Date): Date {
  const [hours = 10, minutes = 0] = when.time.split(":").map(Number);
  if ("aprilDay" in when) {
    const year = now.getMonth() >= 4 ? now.getFullYear() : now.getFullYear() - 1;
    return new Date(year, 3, when.aprilDay, hours, minutes);
  }
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - when.daysAgo, hours, minutes);
}

/** The follow-up date `inDays` after the meeting, moved off the weekend to the following Monday. */
export function demoNextMeetingDate(meetingDate: Date, inDays: number): Date {
  const date = new Date(meetingDate.getFullYear(), meetingDate.getMonth(), meetingDate.getDate() + inDays, 12);
  const weekday = date.getDay();
  if (weekday === 6) date.setDate(date.getDate() + 2);
  if (weekday === 0) date.setDate(date.getDate() + 1);
  return date;
}

const pad = (n: number) => String(n).padStart(2, "0");
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const spokenDay = (d: Date) => d.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric" });

/** Segments with speaking-pace timestamps (about 2.5 words a second), one after the other. */
export function buildDemoTranscript(meeting: DemoMeeting, nextDate: Date | null) {
  const segments: TranscriptSegment[] = [];
  let clock = 0;
  for (const line of meeting.script.split("\n")) {
    const colon = line.indexOf(": ");
    const name = line.slice(0, colon);
    const speaker = meeting.speakers[name];
    if (colon < 0 || !speaker) throw new Error(`demo transcript line without a known speaker: ${line}`);
    const text = line.slice(colon + 2).replaceAll("{next}", nextDate ? spokenDay(nextDate) : "a date to be agreed");
    const words = text.split(/\s+/).length;
    const end = Math.round((clock + words / 2.5 + 0.8) * 10) / 10;
    segments.push({ start: clock, end, speaker, text });
    clock = end;
  }
  const fullText = segments.map((s) => `${s.speaker}: ${s.text}`).join("\n");
  return { segments, fullText, duration: Math.round(clock) };
}

export function buildDemoSummary(meeting: DemoMeeting, nextDate: Date | null): MeetingSummary {
  return {
    executiveSummary: meeting.executiveSummary,
    keyPoints: meeting.keyPoints,
    actionItems: meeting.actionItems,
    nextMeeting: meeting.next && nextDate ? { date: isoDay(nextDate), topics: meeting.next.topics } : null,
  };
}

/**
 * Gives the demo account its sample clients, processed meetings (transcript, summary) and private notes,
 * dated relative to `now`. Does nothing when the user already has clients.
 */
export async function seedDemoData(sql: Sql, userId: number, now = new Date()): Promise<void> {
  await sql.begin(async (transaction) => {
    const tx = transaction as unknown as Sql;
    // Serializes concurrent seeds of the same user: the second one then sees the clients.
    await tx`select id from users where id = ${userId} for update`;
    const [{ count } = { count: 0 }] = await tx<{ count: number }[]>`
      select count(*)::int as count from clients where user_id = ${userId}`;
    if (count > 0) return;

    const dates = DEMO_MEETINGS.map((meeting) => demoMeetingDate(meeting.when, now));
    const clientIds = new Map<string, number>();
    for (const client of DEMO_CLIENTS) {
      // "Added" two weeks before the client's first meeting.
      const first = Math.min(...dates.filter((_, i) => DEMO_MEETINGS[i]?.client === client.key).map(Number));
      const [row] = await tx<{ id: number }[]>`
        insert into clients (user_id, name, type, created_at)
        values (${userId}, ${client.name}, ${client.type}, ${new Date(first - 14 * DAY_MS)})
        returning id`;
      clientIds.set(client.key, row!.id);
    }

    for (const [i, meeting] of DEMO_MEETINGS.entries()) {
      const date = dates[i]!;
      const nextDate = meeting.next ? demoNextMeetingDate(date, meeting.next.inDays) : null;
      const transcript = buildDemoTranscript(meeting, nextDate);
      const [row] = await tx<{ id: number }[]>`
        insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind, audio_path,
          created_at, updated_at)
        values (${userId}, ${clientIds.get(meeting.client)!}, ${meeting.title}, ${date}, ${transcript.duration},
          ${meeting.type}, 'Processed', 'transcript', null, ${date}, ${date})
        returning id`;
      const meetingId = row!.id;
      await upsertTranscript(tx, { meetingId, fullText: transcript.fullText, segments: transcript.segments });
      await upsertSummary(tx, meetingId, buildDemoSummary(meeting, nextDate));
      if (meeting.note) await saveNote(tx, { userId, meetingId, content: meeting.note });
    }
  });
}
