import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "@cm/db";
import { findTranscript } from "@cm/db/queries/meeting-content";
import { readStats } from "@cm/db/queries/stats";
import { insertUser } from "@cm/db/queries/users";
import { createTestDatabase } from "@cm/db/testing";
import { DEMO_MEETINGS } from "../src/seed/demo-data";
import { demoMeetingDate, demoNextMeetingDate, seedDemoData } from "../src/seed/seed-demo-data";

const DAY_MS = 24 * 60 * 60 * 1000;
// A fixed instant makes the date checks reproducible; a second user is seeded with the real clock.
const NOW = new Date(2026, 10, 22, 9, 30);

let db: Database;
let userId: number;

interface SeededMeeting {
  id: number;
  title: string;
  date: Date;
  duration: number;
  status: string;
  sourceKind: string;
  audioPath: string | null;
  clientName: string;
  fullText: string;
  segments: { start: number; end: number; speaker: string | null; text: string }[];
  actionItems: { task: string; assignee: string }[];
  keyPoints: string[];
  nextMeeting: { date: string; topics: string[] } | null;
  actionItemCount: number;
}

async function seededMeetings(id: number): Promise<SeededMeeting[]> {
  const rows = await db.sql<Omit<SeededMeeting, "fullText" | "segments">[]>`
    select m.id, m.title, m.date, m.duration, m.status, m.source_kind as "sourceKind", m.audio_path as "audioPath",
      c.name as "clientName", s.action_items as "actionItems",
      s.key_points as "keyPoints", s.next_meeting as "nextMeeting", s.action_item_count as "actionItemCount"
    from meetings m join clients c on c.id = m.client_id
    join transcripts t on t.meeting_id = m.id join summaries s on s.meeting_id = m.id
    where m.user_id = ${id} order by m.date desc`;
  const meetings: SeededMeeting[] = [];
  for (const row of rows) {
    const transcript = await findTranscript(db.sql, row.id);
    meetings.push({
      ...row,
      fullText: transcript?.fullText ?? "",
      segments: (transcript?.segments ?? []) as SeededMeeting["segments"],
    });
  }
  return meetings;
}

async function snapshot(id: number) {
  const [row] = await db.sql<{ clients: number; meetings: number; notes: number; transcripts: number }[]>`
    select (select count(*)::int from clients where user_id = ${id}) as clients,
      (select count(*)::int from meetings where user_id = ${id}) as meetings,
      (select count(*)::int from notes where user_id = ${id}) as notes,
      (select count(*)::int from transcripts t join meetings m on m.id = t.meeting_id where m.user_id = ${id})
        as transcripts`;
  return row!;
}

beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await insertUser(db.sql, { username: "demo", passwordHash: "x", email: null, fullName: "Dana Whitfield" }))
    .id;
  await seedDemoData(db.sql, userId, NOW);
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("demo data", () => {
  test("the dashboard stats come from real rows: 12 processed, 5 clients, 36 insights", async () => {
    expect(await readStats(db.sql, userId)).toEqual({ processedCount: 12, clientCount: 5, insightsGenerated: 36 });
  });

  test("dates: exactly three in the last 7 days, two more in the last 30, at least three in April, none ahead", async () => {
    const meetings = await seededMeetings(userId);
    const ageDays = meetings.map((m) => (NOW.getTime() - m.date.getTime()) / DAY_MS);
    expect(ageDays.every((age) => age > 0)).toBe(true);
    expect(ageDays.filter((age) => age <= 7)).toHaveLength(3);
    expect(ageDays.filter((age) => age > 7 && age <= 30).length).toBeGreaterThanOrEqual(2);
    const april = meetings.filter((m) => m.date.getMonth() === 3 && m.date.getFullYear() === 2026);
    expect(april.length).toBeGreaterThanOrEqual(3);
  });

  test("before May the April meetings fall in the previous year, and nothing is in the future", async () => {
    const now = new Date(2026, 3, 2, 8, 0);
    const other = await insertUser(db.sql, { username: "early", passwordHash: "x", email: null, fullName: "E" });
    await seedDemoData(db.sql, other.id, now);
    const meetings = await seededMeetings(other.id);
    expect(meetings.every((m) => m.date.getTime() < now.getTime())).toBe(true);
    expect(meetings.filter((m) => m.date.getMonth() === 3 && m.date.getFullYear() === 2025).length).toBeGreaterThan(2);
    expect(meetings.filter((m) => now.getTime() - m.date.getTime() <= 7 * DAY_MS)).toHaveLength(3);
  });

  test("Hendricks Family Trust has at least two meetings, the latest within 30 days", async () => {
    const hendricks = (await seededMeetings(userId)).filter((m) => m.clientName === "Hendricks Family Trust");
    expect(hendricks.length).toBeGreaterThanOrEqual(2);
    expect(NOW.getTime() - hendricks[0]!.date.getTime()).toBeLessThan(30 * DAY_MS);
  });

  test("one meeting is an Investment Review", async () => {
    const titles = (await seededMeetings(userId)).map((m) => m.title);
    expect(titles.filter((t) => t.includes("Investment Review"))).toHaveLength(1);
  });

  test("meetings are processed transcripts with consecutive, attributed segments", async () => {
    for (const m of await seededMeetings(userId)) {
      expect(m.status).toBe("Processed");
      expect(m.sourceKind).toBe("transcript");
      expect(m.audioPath).toBeNull();
      expect(m.segments.length).toBeGreaterThanOrEqual(25);
      expect(m.segments.length).toBeLessThanOrEqual(45);
      expect(m.segments.every((s) => s.speaker && s.text && s.end > s.start)).toBe(true);
      m.segments.forEach((s, i) => {
        expect(s.start).toBe(i === 0 ? 0 : m.segments[i - 1]!.end);
      });
      expect(m.duration).toBe(Math.round(m.segments.at(-1)!.end));
      expect(m.fullText).toBe(m.segments.map((s) => `${s.speaker}: ${s.text}`).join("\n"));
      expect(m.fullText).not.toContain("{next}");
      const words = m.segments.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
      expect(words).toBeGreaterThanOrEqual(600);
      expect(words).toBeLessThanOrEqual(1200);
    }
  });

  test("every summary parses with exactly three assigned action items", async () => {
    for (const m of await seededMeetings(userId)) {
      const items = m.actionItems;
      expect(items).toHaveLength(3);
      expect(m.actionItemCount).toBe(3);
      for (const item of items) {
        expect(item.task.length).toBeGreaterThan(0);
        expect(item.assignee.length).toBeGreaterThan(0);
        expect(m.fullText).toContain(item.assignee.split(" ")[0]!);
      }
      const keyPoints = m.keyPoints;
      expect(keyPoints.length).toBeGreaterThanOrEqual(4);
      expect(keyPoints.length).toBeLessThanOrEqual(6);
      if (m.nextMeeting) {
        const next = m.nextMeeting;
        expect(next.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${next.date}T12:00:00`).getTime()).toBeGreaterThan(m.date.getTime());
        expect(next.topics.length).toBeGreaterThan(0);
      }
    }
  });

  test("the date rules hold on every day of a year, at any hour", () => {
    for (let day = 0; day < 366; day++) {
      for (const hour of [0, 9, 23]) {
        const now = new Date(2027, 0, 1 + day, hour, 15);
        const dates = DEMO_MEETINGS.map((m) => demoMeetingDate(m.when, now));
        const ages = dates.map((d) => (now.getTime() - d.getTime()) / DAY_MS);
        expect(ages.every((age) => age > 0)).toBe(true);
        expect(ages.filter((age) => age <= 7)).toHaveLength(3);
        expect(ages.filter((age) => age > 7 && age <= 30).length).toBeGreaterThanOrEqual(2);
        const aprilYear = now.getMonth() >= 4 ? now.getFullYear() : now.getFullYear() - 1;
        expect(dates.filter((d) => d.getMonth() === 3 && d.getFullYear() === aprilYear).length).toBeGreaterThan(2);
        const hendricks = ages.filter((_, i) => DEMO_MEETINGS[i]?.client === "hendricks");
        expect(Math.min(...hendricks)).toBeLessThan(30);
        DEMO_MEETINGS.forEach((m, i) => {
          if (m.next)
            expect(demoNextMeetingDate(dates[i]!, m.next.inDays).getTime()).toBeGreaterThan(dates[i]!.getTime());
        });
      }
    }
  });

  test("executive summaries have three or four sentences as the cards split them", () => {
    for (const m of DEMO_MEETINGS) {
      const sentences = m.executiveSummary.split(". ");
      expect(sentences.length).toBeGreaterThanOrEqual(3);
      expect(sentences.length).toBeLessThanOrEqual(4);
    }
  });

  test("the content covers all twelve meetings and a few private notes", async () => {
    expect(DEMO_MEETINGS).toHaveLength(12);
    const { notes } = await snapshot(userId);
    expect(notes).toBeGreaterThanOrEqual(2);
    expect(notes).toBeLessThanOrEqual(3);
  });

  test("seeding twice changes nothing", async () => {
    const before = await snapshot(userId);
    const statsBefore = await readStats(db.sql, userId);
    await seedDemoData(db.sql, userId, NOW);
    await seedDemoData(db.sql, userId);
    expect(await snapshot(userId)).toEqual(before);
    expect(await readStats(db.sql, userId)).toEqual(statsBefore);
  });

  test("seeding with the real clock gives the same counts", async () => {
    const other = await insertUser(db.sql, { username: "today", passwordHash: "x", email: null, fullName: "T" });
    await seedDemoData(db.sql, other.id);
    expect(await readStats(db.sql, other.id)).toEqual({ processedCount: 12, clientCount: 5, insightsGenerated: 36 });
    const recent = (await seededMeetings(other.id)).filter((m) => Date.now() - m.date.getTime() <= 7 * DAY_MS);
    expect(recent).toHaveLength(3);
  });
});
