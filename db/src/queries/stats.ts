import type { Sql } from "../client";

export interface StatsRow {
  processedCount: number;
  clientCount: number;
  /** Action items extracted from the user's processed meetings. */
  insightsGenerated: number;
}

export async function readStats(sql: Sql, userId: number): Promise<StatsRow> {
  // One pass over the processed meetings gives both their count and their action items.
  const [row] = await sql<StatsRow[]>`
    select count(*)::int as "processedCount", coalesce(sum(s.action_item_count), 0)::int as "insightsGenerated",
      (select count(*)::int from clients where user_id = ${userId}) as "clientCount"
    from meetings m left join summaries s on s.meeting_id = m.id
    where m.user_id = ${userId} and m.status = 'Processed'`;
  return row!;
}
