import type { CalendarFeedCreated, CalendarFeedState } from "@cm/api/models";
import { useId, useState } from "react";
import useSWR from "swr";
import { apiRequest } from "../../lib/api-request";
import { formatLongDate } from "../../lib/meeting-format";
import { toast } from "../../lib/toast";
import { useToastWhile } from "../../lib/use-toast-while";

export const CALENDAR_FEED_KEY = "/api/calendar/feed";

/**
 * The secret iCalendar feed that Outlook, Google and Apple calendars subscribe to. Its URL is shown once, when made
 * (only a hash is kept); a new link replaces it and revoking turns it off. The text says exactly what the feed
 * holds, and the advisor chooses whether summaries are in it (off by default, kept on the account).
 */
const FAILED_KEY = "calendar-feed-failed";

export function CalendarFeedPanel() {
  const { data: state, mutate } = useSWR<CalendarFeedState>(CALENDAR_FEED_KEY);
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [pending, setPending] = useState(false);
  const urlId = useId();
  const summariesId = useId();
  const includeSummaries = state?.includeSummaries ?? false;
  // A failure is told until the next try.
  useToastWhile(FAILED_KEY, !pending);

  async function run(action: () => Promise<void>, failure: string) {
    setPending(true);
    try {
      await action();
    } catch {
      toast({ key: FAILED_KEY, title: "Calendar subscription", description: failure, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  const makeLink = () =>
    run(async () => {
      const feed = await apiRequest<CalendarFeedCreated>("POST", CALENDAR_FEED_KEY);
      setCreated(feed);
      await mutate({ active: true, createdAt: feed.createdAt, includeSummaries }, { revalidate: false });
    }, "The subscription link could not be made. Please try again.");

  const revoke = () =>
    run(async () => {
      await apiRequest("DELETE", CALENDAR_FEED_KEY);
      setCreated(null);
      await mutate({ active: false, createdAt: null, includeSummaries }, { revalidate: false });
      toast({
        title: "Calendar subscription",
        description: "The link is revoked: calendars no longer receive updates.",
      });
    }, "The link could not be revoked. Please try again.");

  const chooseSummaries = (on: boolean) =>
    run(async () => {
      // The box follows the click at once; a refused save puts it back (and the toast says so).
      await mutate(apiRequest<CalendarFeedState>("PATCH", CALENDAR_FEED_KEY, { includeSummaries: on }), {
        optimisticData: (current) => ({ active: false, createdAt: null, ...current, includeSummaries: on }),
        rollbackOnError: true,
        revalidate: false,
      });
    }, "The choice could not be saved. Please try again.");

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Calendar subscription", description: "Link copied." });
    } catch {
      toast({ title: "Calendar subscription", description: "Select the link and copy it.", variant: "destructive" });
    }
  }

  return (
    <section className="card space-y-3 p-4" aria-labelledby="feed-title">
      <div>
        <h2 id="feed-title" className="font-semibold">
          Calendar subscription
        </h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Subscribe from Outlook, Google Calendar or Apple Calendar to see your meetings there. The feed holds each
          meeting's title, client, date and time, status and a link to it here
          {includeSummaries ? ", and the opening of its summary" : ""}. Anyone with the link can read all of this: keep
          it private.
        </p>
      </div>
      <label htmlFor={summariesId} className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
        <input
          id={summariesId}
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-indigo-600"
          checked={includeSummaries}
          disabled={pending || !state}
          onChange={(event) => void chooseSummaries(event.target.checked)}
        />
        <span>Include meeting summaries in the feed (calendar apps then show what was discussed)</span>
      </label>
      {created ? (
        <div className="space-y-2">
          <label htmlFor={urlId} className="label">
            Your private link (shown once)
          </label>
          <div className="flex gap-2">
            <input id={urlId} className="input min-w-0 flex-1 font-mono text-xs" readOnly value={created.url} />
            <button type="button" className="btn-secondary" onClick={() => void copy(created.url)}>
              Copy
            </button>
          </div>
          <a
            className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            href={created.webcalUrl}
          >
            Open in your calendar app
          </a>
        </div>
      ) : state?.active && state.createdAt ? (
        <p className="text-sm">
          A subscription link is active since {formatLongDate(state.createdAt)}. Make a new link to see it again (the
          old one stops working).
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => void makeLink()} disabled={pending}>
          {state?.active ? "Make a new link" : "Create subscription link"}
        </button>
        {state?.active ? (
          <button type="button" className="btn-danger" onClick={() => void revoke()} disabled={pending}>
            Revoke link
          </button>
        ) : null}
      </div>
    </section>
  );
}
