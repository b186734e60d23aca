import type { SummarySource } from "@cm/api/models";
import { Link } from "react-router";
import { momentHref } from "./transcript-moment";
import { formatTimestamp } from "./transcript-tab";

/**
 * Where in the meeting a summary item was said, as a link that opens the Full Transcript there (and seeks the
 * recording): its time, or "Transcript" for a transcript without times. Nothing for an item without a source.
 */
export function MomentLink({ meetingId, source, about }: { meetingId: number; source?: SummarySource; about: string }) {
  if (!source) return null;
  const time = source.start === null ? null : formatTimestamp(source.start);
  return (
    <Link
      to={momentHref(meetingId, source)}
      className="ml-2 whitespace-nowrap font-mono text-xs text-indigo-600 hover:underline dark:text-indigo-400"
      aria-label={time ? `At ${time} in the transcript: ${about}` : `In the transcript: ${about}`}
    >
      {time ?? "Transcript"}
    </Link>
  );
}
