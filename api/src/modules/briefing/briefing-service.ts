import type { Sql } from "@cm/db";
import { listActionItems } from "@cm/db/queries/action-items";
import { findLastSummarisedMeeting, findNextPlannedMeeting } from "@cm/db/queries/briefing";
import { findClient } from "@cm/db/queries/clients";
import { decodePoints } from "@cm/db/queries/summaries";
import { notFound } from "../../http-error";
import type { Briefing } from "./model";

/** At most this many open items are shown: the oldest beyond it are on the Tasks page. */
const MAX_OPEN_ITEMS = 50;

/** The briefing for one of the user's clients ("Prepare for next meeting"); 404 for anyone else's. */
export async function buildBriefing(sql: Sql, userId: number, clientId: number): Promise<Briefing> {
  const client = await findClient(sql, userId, clientId);
  if (!client) throw notFound("Client");
  const [last, planned, open] = await Promise.all([
    findLastSummarisedMeeting(sql, userId, clientId),
    findNextPlannedMeeting(sql, userId, clientId),
    listActionItems(sql, userId, { status: "open", clientId, limit: MAX_OPEN_ITEMS }),
  ]);
  return {
    client: { id: client.id, name: client.name, type: client.type },
    lastMeeting: last
      ? {
          id: last.id,
          title: last.title,
          date: last.date.toISOString(),
          executiveSummary: last.executiveSummary,
          keyPoints: decodePoints(last.keyPoints).map((point) => point.text),
        }
      : null,
    openActionItems: open.map((item) => ({
      id: item.id,
      task: item.task,
      assignee: item.assignee,
      dueDate: item.dueDate,
      meetingId: item.meetingId,
      meetingTitle: item.meetingTitle,
    })),
    topics: last?.nextMeeting?.topics ?? [],
    nextMeetingDate: planned?.date.toISOString() ?? last?.nextMeeting?.date ?? null,
    plannedMeeting: planned ? { id: planned.id, title: planned.title, date: planned.date.toISOString() } : null,
  };
}
