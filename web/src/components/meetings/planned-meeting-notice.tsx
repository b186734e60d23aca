import type { Briefing, MeetingDetail } from "@cm/api/models";
import { format } from "date-fns";
import { useState } from "react";
import { Link } from "react-router";
import useSWR from "swr";
import { clientNameOf } from "../../lib/meeting-format";
import { BriefingBody, hasBriefing } from "../clients/client-briefing-dialog";
import { ActionItemEntry, useActionItemSaver } from "./action-item-entry";
import { UploadModal } from "./upload-modal";

/** "Tuesday, March 3, 2026 at 14:30": a planned meeting's day and time in the advisor's time zone. */
export const plannedWhen = (date: string) => format(new Date(date), "EEEE, MMMM d, yyyy 'at' HH:mm");

/** The client's briefing for the planned meeting, when there is anything to prepare with. */
function PlannedBriefing({ meeting }: { meeting: MeetingDetail }) {
  const { data: clientBriefing, error } = useSWR<Briefing>(`/api/clients/${meeting.clientId}/briefing`);
  // This meeting's own tasks are listed above it ("Tasks for this meeting"): the briefing keeps the earlier ones.
  const data = clientBriefing && {
    ...clientBriefing,
    openActionItems: clientBriefing.openActionItems.filter((item) => item.meetingId !== meeting.id),
  };
  return (
    <section className="card p-5" aria-labelledby="planned-briefing-title">
      <h2 id="planned-briefing-title" className="mb-3 font-semibold text-slate-900 dark:text-slate-100">
        Briefing
      </h2>
      {error ? (
        <p className="text-sm text-red-700 dark:text-red-300">The briefing could not be loaded. Please try again.</p>
      ) : !data ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Loading briefing...</p>
      ) : hasBriefing(data) ? (
        <BriefingBody briefing={data} showNextMeeting={false} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Nothing to prepare from earlier meetings: this is the first meeting with {clientNameOf(meeting)} here.
        </p>
      )}
    </section>
  );
}

/** The tasks the advisor added to the planned meeting ("Add task"), to do before or at it. */
function PlannedTasks({ meeting }: { meeting: MeetingDetail }) {
  const save = useActionItemSaver(`/api/meetings/${meeting.id}`);
  return (
    <section className="card p-5" aria-labelledby="planned-tasks-title">
      <h2 id="planned-tasks-title" className="mb-3 font-semibold text-slate-900 dark:text-slate-100">
        Tasks for this meeting
      </h2>
      {meeting.action_items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No tasks yet: "Add task" puts one here.</p>
      ) : (
        <ul className="space-y-3">
          {meeting.action_items.map((item, i) => (
            <ActionItemEntry key={item.id ?? `item-${i}`} item={item} save={save} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A planned meeting's page: what is planned (client, day and time, its tasks, the briefing) and "Upload recording", whose
 * upload takes the planned meeting's place. No summary, follow-up or export: the meeting has not happened yet.
 */
export function PlannedMeetingNotice({ meeting }: { meeting: MeetingDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <section
        aria-label="Planned meeting"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-sky-50 p-4 text-sm text-sky-900 dark:bg-sky-900/30 dark:text-sky-100"
      >
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">Planned meeting with {clientNameOf(meeting)}</p>
          <p>{plannedWhen(meeting.date)}</p>
          <p>
            Record the meeting here as it happens, or upload its recording afterwards: it is transcribed and summarized
            here.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/record?meetingId=${meeting.id}&clientId=${meeting.clientId}`} className="btn-secondary">
            Record meeting
          </Link>
          <button type="button" className="btn-primary" onClick={() => setOpen(true)}>
            Upload recording
          </button>
        </div>
        <UploadModal
          open={open}
          onOpenChange={setOpen}
          planned={{ id: meeting.id, clientId: meeting.clientId, title: meeting.title, date: meeting.date }}
        />
      </section>
      <PlannedTasks meeting={meeting} />
      <PlannedBriefing meeting={meeting} />
    </>
  );
}
