// A processed meeting written straight into the database (no upload, no worker): pages that show one can be tested.
import type { Sql } from "@cm/db";
import { insertClient } from "@cm/db/queries/clients";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { upsertSummary } from "@cm/db/queries/summaries";

export interface SeedMeeting {
  title: string;
  date: Date;
  type?: string;
  keyPoints?: string[];
}

export async function seedClient(sql: Sql, userId: number, name: string, type = "Wealth Management") {
  return insertClient(sql, userId, { name, type });
}

/** A processed meeting of this client with a transcript and a summary; returns its id. */
export async function seedProcessedMeeting(sql: Sql, userId: number, clientId: number, meeting: SeedMeeting) {
  const [row] = await sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind)
    values (${userId}, ${clientId}, ${meeting.title}, ${meeting.date}, ${1860}, ${meeting.type ?? "Portfolio Review"},
      'Processed', 'transcript')
    returning id`;
  const id = Number(row!.id);
  await upsertTranscript(sql, {
    meetingId: id,
    fullText: "Morgan: Shall we start with the allocation?\nDana: Yes, and the tuition payment in April.",
    segments: [
      { start: 0, end: 4.2, speaker: "Morgan", text: "Shall we start with the allocation?" },
      { start: 4.2, end: 9.8, speaker: "Dana", text: "Yes, and the tuition payment in April." },
    ],
  });
  await upsertSummary(sql, id, {
    executiveSummary:
      "The trustees approved moving 5% from US equities into short-term bonds. Liquidity for the tuition payment is covered.",
    keyPoints: meeting.keyPoints ?? ["Rebalance toward bonds", "Tuition payment covered"],
    actionItems: [{ task: "Send the trade list for signature", assignee: "Morgan Reyes" }],
    nextMeeting: { date: "2027-02-18", topics: ["June review", "529 plan"] },
  });
  return id;
}
