import type { ScheduleSuggestion } from "@cm/api/models";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { formatNextMeetingDate } from "../../lib/meeting-format";
import { toast } from "../../lib/toast";
import { localInstant, SUGGESTIONS_KEY, scheduleErrorMessage, scheduleMeeting } from "./schedule-request";

/** Planned from a suggestion: the day the summary named, at its time, or at this local time when none was said. */
const SUGGESTED_TIME = "10:00";

/** Next meetings the summaries named, not yet on the calendar: one click plans each. */
export function ScheduleSuggestions({ onScheduled }: { onScheduled: (day: Date) => void }) {
  const { data: suggestions } = useSWR<ScheduleSuggestion[]>(SUGGESTIONS_KEY);
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<string | null>(null);
  if (!suggestions?.length) return null;

  async function plan(suggestion: ScheduleSuggestion) {
    const key = `${suggestion.clientId} ${suggestion.date}`;
    setPending(key);
    try {
      const when = localInstant(suggestion.date, suggestion.time ?? SUGGESTED_TIME);
      await scheduleMeeting(mutate, { clientId: suggestion.clientId, title: suggestion.title, date: when });
      toast({
        title: "Meeting scheduled",
        description: `${suggestion.title} is on the calendar for ${formatNextMeetingDate(suggestion.date)}.`,
      });
      onScheduled(new Date(when));
    } catch (error) {
      toast({
        title: "Scheduling failed",
        description: scheduleErrorMessage((error as Error).message),
        variant: "destructive",
      });
    } finally {
      setPending(null);
    }
  }

  return (
    <section className="card p-4" aria-labelledby="suggested-title">
      <h2 id="suggested-title" className="font-semibold">
        Next meetings from your summaries
      </h2>
      <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">
        Dates your meetings agreed on that are not on the calendar yet.
      </p>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {suggestions.map((s) => {
          const key = `${s.clientId} ${s.date}`;
          return (
            <li key={key} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {s.clientName} · {formatNextMeetingDate(s.date)}
                  {s.time ? ` at ${s.time}` : ""}
                </p>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {s.topics.length ? `Topics: ${s.topics.join(", ")}` : `Agreed in ${s.meetingTitle}`}
                </p>
              </div>
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void plan(s)}
                disabled={pending !== null}
                aria-label={`Schedule ${s.clientName} on ${formatNextMeetingDate(s.date)}`}
              >
                {pending === key ? "Scheduling..." : "Schedule"}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
