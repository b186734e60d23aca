import type { Briefing } from "@cm/api/models";
import { format } from "date-fns";
import { Link } from "react-router";
import useSWR from "swr";
import { firstSentences, formatLongDate, formatNextMeetingDate } from "../../lib/meeting-format";
import { Modal } from "../ui/modal";

/** When the next meeting is: a planned meeting's day and time, or the day (or words) the last summary named. */
function nextMeetingText(briefing: Briefing): string {
  if (briefing.plannedMeeting) return format(new Date(briefing.plannedMeeting.date), "MMMM d, yyyy 'at' HH:mm");
  return briefing.nextMeetingDate ? formatNextMeetingDate(briefing.nextMeetingDate) : "Not set yet";
}

const SECTION_TITLE = "mb-1 text-sm font-semibold text-slate-900 dark:text-slate-100";
const MUTED = "text-sm text-slate-500 dark:text-slate-400";

/** Whether a briefing has anything to prepare with: a last meeting, topics promised, or open tasks. */
export const hasBriefing = (briefing: Briefing) =>
  briefing.lastMeeting !== null || briefing.topics.length > 0 || briefing.openActionItems.length > 0;

/** The briefing's sections; the planned meeting's own page leaves out "Next meeting" (it is that meeting). */
export function BriefingBody({ briefing, showNextMeeting = true }: { briefing: Briefing; showNextMeeting?: boolean }) {
  const last = briefing.lastMeeting;
  return (
    <div className="space-y-5 text-sm">
      <section hidden={!showNextMeeting}>
        <h3 className={SECTION_TITLE}>Next meeting</h3>
        <p>
          {briefing.plannedMeeting ? (
            <Link
              to={`/meetings/${briefing.plannedMeeting.id}`}
              className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {briefing.plannedMeeting.title}
            </Link>
          ) : null}
          {briefing.plannedMeeting ? " · " : null}
          {nextMeetingText(briefing)}
        </p>
      </section>
      <section>
        <h3 className={SECTION_TITLE}>Last meeting</h3>
        {last ? (
          <>
            <p className="mb-1">
              <Link
                to={`/meetings/${last.id}`}
                className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {last.title}
              </Link>{" "}
              <span className={MUTED}>· {formatLongDate(last.date)}</span>
            </p>
            <p className="text-slate-700 dark:text-slate-300">{firstSentences(last.executiveSummary)}</p>
          </>
        ) : (
          <p className={MUTED}>No summarized meeting with this client yet.</p>
        )}
      </section>
      <section>
        <h3 className={SECTION_TITLE}>Topics promised for next time</h3>
        {briefing.topics.length ? (
          <ul className="list-disc space-y-1 pl-5">
            {briefing.topics.map((topic) => (
              <li key={topic}>{topic}</li>
            ))}
          </ul>
        ) : (
          <p className={MUTED}>No topics were set for the next meeting.</p>
        )}
      </section>
      <section>
        <h3 className={SECTION_TITLE}>Open action items</h3>
        {briefing.openActionItems.length ? (
          <ul className="space-y-2">
            {briefing.openActionItems.map((item, index) => (
              <li
                key={item.id ?? `${item.meetingId}-${index}`}
                className="rounded-lg border border-slate-200 p-2 dark:border-slate-700"
              >
                <p className="font-medium">{item.task}</p>
                <p className={MUTED}>
                  {item.assignee ? `Assigned to: ${item.assignee}` : "Unassigned"}
                  {item.dueDate ? ` · due ${formatNextMeetingDate(item.dueDate)}` : ""}
                  {item.meetingId === null ? null : (
                    <>
                      {" "}
                      · from{" "}
                      <Link
                        to={`/meetings/${item.meetingId}`}
                        className="text-indigo-700 underline dark:text-indigo-300"
                      >
                        {item.meetingTitle}
                      </Link>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className={MUTED}>No open action items.</p>
        )}
      </section>
    </div>
  );
}

/** "Prepare for next meeting": the client's briefing (GET /api/clients/{id}/briefing) in a dialog. */
export function ClientBriefingDialog({
  clientId,
  clientName,
  open,
  onOpenChange,
}: {
  clientId: number;
  clientName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data, error } = useSWR<Briefing>(open ? `/api/clients/${clientId}/briefing` : null);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Prepare for next meeting" description={clientName}>
      {error ? (
        <p className="text-sm text-red-700 dark:text-red-300">The briefing could not be loaded. Please try again.</p>
      ) : data ? (
        <BriefingBody briefing={data} />
      ) : (
        <p className={MUTED}>Loading briefing...</p>
      )}
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
          Close
        </button>
      </div>
    </Modal>
  );
}
