import type { Sql } from "../client";

export interface StatsRow {
  processedCount: number;
  clientCount: number;
  /** Action items extracted from the user's processed meetings. */
  insightsGenerated: number;
}

export async function readStats(sql: Sql, userId: number): Promise<StatsRow> {
  const [row] = await sql<StatsRow[]>`
    select
      (select count(*)::int from meetings where user_id = ${userId} and status = 'Processed') as "processedCount",
      (select count(*)::int from clients where user_id = ${userId}) as "clientCount",
      (select coalesce(sum(s.action_item_count), 0)::int from summaries s join meetings m on m.id = s.meeting_id
        where m.user_id = ${userId} and m.status = 'Processed') as "insightsGenerated"`;
  return row!;
}
