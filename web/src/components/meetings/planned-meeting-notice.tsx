import type { MeetingDetail } from "@cm/api/models";
import { format } from "date-fns";
import { useState } from "react";
import { UploadModal } from "./upload-modal";

/** On a planned meeting's page: it has no recording yet, and its upload takes the planned meeting's place. */
export function PlannedMeetingNotice({ meeting }: { meeting: MeetingDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-label="Planned meeting"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-900/30 dark:text-sky-100"
    >
      <p>
        Planned for {format(new Date(meeting.date), "MMMM d, yyyy 'at' HH:mm")}. Upload the recording once the meeting
        has taken place: it is transcribed and summarized here.
      </p>
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        Upload recording
      </button>
      <UploadModal
        open={open}
        onOpenChange={setOpen}
        planned={{ id: meeting.id, clientId: meeting.clientId, title: meeting.title, date: meeting.date }}
      />
    </section>
  );
}
