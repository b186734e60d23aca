import { createHash, randomBytes } from "node:crypto";
import {
  feedIncludesSummaries,
  findCalendarFeed,
  findFeedOwner,
  listFeedMeetings,
  replaceCalendarFeed,
  setFeedIncludesSummaries,
} from "@cm/db/queries/calendar-feed";
import type { AppContext } from "../../context";
import { type AuditWho, auditedChange } from "../audit/audited";
import { buildCalendarDocument } from "./calendar-document";
import type { CalendarFeedCreated, CalendarFeedState } from "./model";

/** A feed lists meetings from this far back: the months a calendar app shows, without a whole archive. */
const FEED_HISTORY_DAYS = 365;
const DAY_MS = 24 * 3600 * 1000;
/** base64url of 32 random bytes. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export async function feedState(ctx: AppContext, userId: number): Promise<CalendarFeedState> {
  const feed = await findCalendarFeed(ctx.db.sql, userId);
  return {
    active: Boolean(feed),
    createdAt: feed ? feed.createdAt.toISOString() : null,
    includeSummaries: await feedIncludesSummaries(ctx.db.sql, userId),
  };
}

/** The user's choice of whether the feed carries summaries (kept on the account: a new link keeps it). */
export async function setFeedSummaries(
  ctx: AppContext,
  userId: number,
  on: boolean,
  who: AuditWho,
): Promise<CalendarFeedState> {
  await auditedChange(
    ctx.db.sql,
    who,
    (tx) => setFeedIncludesSummaries(tx, userId, on),
    () => ({
      action: "settings.changed",
      target: { kind: "calendar-feed", id: null },
      details: { includeSummaries: on },
    }),
  );
  return feedState(ctx, userId);
}

/** A new secret URL for the user's feed; the previous one, if any, answers 404 from now on. */
export async function createFeedUrl(ctx: AppContext, userId: number, who: AuditWho): Promise<CalendarFeedCreated> {
  const token = randomBytes(32).toString("base64url");
  const feed = await auditedChange(
    ctx.db.sql,
    who,
    (tx) => replaceCalendarFeed(tx, userId, hashToken(token)),
    () => ({
      action: "settings.changed",
      target: { kind: "calendar-feed", id: null },
      details: { feed: "new address" },
    }),
  );
  const url = `${ctx.config.appUrl}/api/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, "webcal://"), createdAt: feed.createdAt.toISOString() };
}

/** The feed a URL's file name (`<token>.ics`) opens, as iCalendar text; undefined for any token not in use. */
export async function renderFeed(ctx: AppContext, file: string, now = new Date()): Promise<string | undefined> {
  if (!file.endsWith(".ics")) return undefined;
  const token = file.slice(0, -".ics".length);
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const userId = await findFeedOwner(ctx.db.sql, hashToken(token));
  if (userId === undefined) return undefined;
  const meetings = await listFeedMeetings(ctx.db.sql, userId, new Date(now.getTime() - FEED_HISTORY_DAYS * DAY_MS));
  return buildCalendarDocument(meetings, {
    appUrl: ctx.config.appUrl,
    host: new URL(ctx.config.appUrl).host,
    includeSummaries: await feedIncludesSummaries(ctx.db.sql, userId),
  });
}
