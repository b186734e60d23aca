import { isCalendarDate } from "@cm/db/queries/action-items";
import { findMeeting } from "@cm/db/queries/meetings";
import { latestVersionNumber } from "@cm/db/queries/record-versions";
import { editedPartsOf, editSummary, type SummaryEdit } from "@cm/db/queries/summary-edits";
import type { SummaryPoint } from "@cm/db/queries/summary-schema";
import type { UserRow } from "@cm/db/queries/users";
import type { AppContext } from "../../context";
import { DATE_RANGE_TEXT } from "../../http/parse-instant";
import { badRequest, HttpError, notFound } from "../../http-error";
import { parseDueDate, parseTaskText } from "../action-items/action-items-service";
import { type AuditWho, auditedChange } from "../audit/audited";
import { isSingleLine, SINGLE_LINE_MESSAGE } from "../common-model";
import { getUserMeeting } from "../meetings/meetings-service";
import type { MeetingDetail } from "../meetings/model";
import { SUMMARY_LIMITS, type SummaryPatchBody } from "./model";

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** Key points or decisions: trimmed texts, none empty (a removed one is left out of the list). */
function parsePoints(field: string, items: (string | SummaryPoint)[]): SummaryPoint[] {
  return items.map((item, index) => {
    const point = typeof item === "string" ? { text: item } : item;
    const text = point.text.trim();
    if (!text) throw badRequest(`validation failed: ${field}.${index} is empty (remove it instead)`);
    return point.source ? { text, source: point.source } : { text };
  });
}

/** The longest next-meeting date in words that is sent back unchanged. */
const MAX_SAID_DATE = 300;

/** The next meeting's topics: at most 20, each one line of at most 300 characters, named with their place when not. */
function checkTopics(topics: string[]) {
  if (topics.length > SUMMARY_LIMITS.topics) {
    throw badRequest(`validation failed: nextMeeting.topics: at most ${SUMMARY_LIMITS.topics} topics`);
  }
  const broken = topics.findIndex((topic) => !isSingleLine(topic));
  if (broken >= 0) throw badRequest(`validation failed: nextMeeting.topics.${broken}: ${SINGLE_LINE_MESSAGE}`);
  const long = topics.findIndex((topic) => topic.trim().length > SUMMARY_LIMITS.topic);
  if (long >= 0) {
    throw badRequest(
      `validation failed: nextMeeting.topics.${long} is too long: ${topics[long]!.trim().length} characters, at most ${SUMMARY_LIMITS.topic}`,
    );
  }
}

/**
 * `saidDate`: the stored next meeting's date when it is words the summary could not turn into a day ("early
 * spring"). Sent back unchanged it is kept; any other date must be a day.
 */
function parseNextMeeting(value: NonNullable<SummaryPatchBody["nextMeeting"]>, saidDate: string | null) {
  checkTopics(value.topics);
  const date = value.date === null || value.date.trim() === "" ? null : value.date.trim();
  if (date !== null && (date.length > MAX_SAID_DATE || date !== saidDate)) {
    try {
      parseDueDate(date);
    } catch {
      throw badRequest(
        `validation failed: nextMeeting.date must be a date written yyyy-MM-dd (for example 2026-03-31) ${DATE_RANGE_TEXT}`,
      );
    }
  }
  const time = value.time?.trim() || undefined;
  if (time !== undefined && !TIME_OF_DAY.test(time)) {
    throw badRequest("validation failed: nextMeeting.time must be a time written HH:mm (for example 14:30)");
  }
  const topics = value.topics.map((topic) => topic.trim()).filter(Boolean);
  return time === undefined ? { date, topics } : { date, time, topics };
}

/** Checks a PATCH body into the edit it asks for; a 400 names the field at fault. */
export function parseSummaryEdit(
  body: SummaryPatchBody,
  { saidDate = null }: { saidDate?: string | null } = {},
): SummaryEdit {
  const edit: SummaryEdit = {};
  if (body.executiveSummary !== undefined) {
    const text = body.executiveSummary.trim();
    if (!text) throw badRequest("validation failed: executiveSummary is required");
    edit.executiveSummary = text;
  }
  if (body.keyPoints) edit.keyPoints = parsePoints("keyPoints", body.keyPoints);
  if (body.decisions) edit.decisions = parsePoints("decisions", body.decisions);
  if (body.actionItems) {
    edit.actionItems = body.actionItems.map((item, index) => {
      const named = (field: string, parse: () => string | null) => {
        try {
          return parse();
        } catch (error) {
          const reason = (error as Error).message.replace(/^validation failed: \w+ /, "");
          throw badRequest(`validation failed: actionItems.${index}.${field} ${reason}`);
        }
      };
      const task = named("task", () => parseTaskText(item.task)) as string;
      const dueDate = named("dueDate", () => parseDueDate(item.dueDate ?? null));
      return {
        ...(item.id === undefined ? {} : { id: item.id }),
        task,
        assignee: item.assignee?.trim() ?? "",
        dueDate,
      };
    });
  }
  if (body.nextMeeting !== undefined)
    edit.nextMeeting = body.nextMeeting && parseNextMeeting(body.nextMeeting, saidDate);
  if (body.reviewed !== undefined) edit.reviewed = body.reviewed;
  if (Object.keys(edit).length === 0) throw badRequest("validation failed: nothing to change");
  return edit;
}

/** The meeting's next-meeting date in words, read only when the edit sends a date that is not a day. */
async function storedSaidDate(
  ctx: AppContext,
  userId: number,
  meetingId: number,
  body: SummaryPatchBody,
): Promise<string | null> {
  const sent = body.nextMeeting?.date?.trim();
  if (!sent || isCalendarDate(sent)) return null;
  const stored = (await findMeeting(ctx.db.sql, userId, meetingId))?.nextMeeting?.date?.trim();
  return stored && !isCalendarDate(stored) ? stored : null;
}

/** PATCH /api/meetings/{id}/summary: the advisor's edit or review; answers the meeting as its page reads it. */
export async function editUserSummary(
  ctx: AppContext,
  user: UserRow,
  meetingId: number,
  body: SummaryPatchBody,
  who: AuditWho,
): Promise<MeetingDetail> {
  const edit = parseSummaryEdit(body, { saidDate: await storedSaidDate(ctx, user.id, meetingId, body) });
  const reviewer = user.fullName?.trim() || user.username;
  const outcome = await auditedChange(
    ctx.db.sql,
    who,
    (tx) => editSummary(tx, user.id, meetingId, edit, reviewer),
    async (done, tx) =>
      done.kind === "saved"
        ? {
            action: "summary.edited",
            target: { kind: "summary", id: meetingId },
            meetingId,
            details: {
              parts: editedPartsOf(edit),
              ...(edit.reviewed !== undefined && { reviewed: edit.reviewed }),
              version: await latestVersionNumber(tx, meetingId, "summary"),
            },
          }
        : undefined,
  );
  if (outcome.kind === "not-found") throw notFound("Meeting");
  if (outcome.kind === "no-summary") {
    throw new HttpError(
      409,
      "This meeting has no notes to edit yet: they are written once it is processed.",
      "conflict",
    );
  }
  if (outcome.kind === "unknown-task") {
    throw badRequest(`validation failed: actionItems: task ${outcome.id} is not one of this meeting's action items`);
  }
  return getUserMeeting(ctx, user.id, meetingId);
}
