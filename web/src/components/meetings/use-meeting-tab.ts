import { useSearchParams } from "react-router";
import type { TranscriptMoment } from "./transcript-moment";

export const MEETING_TABS = ["summary", "transcript", "notes", "history"] as const;
export type MeetingTab = (typeof MEETING_TABS)[number];

const isMeetingTab = (value: string | null): value is MeetingTab => MEETING_TABS.includes(value as MeetingTab);

/**
 * The meeting's open tab, kept in the address (`?tab=transcript`, `?tab=notes`; Summary without one) so a reload or a
 * shared link opens where the advisor was. A moment (`?t=`, `&segment=`) opens the transcript. Choosing another tab
 * replaces the address (Back still leaves the meeting) and drops the moment, which belonged to the transcript.
 */
export function useMeetingTab(moment: TranscriptMoment | null): [MeetingTab, (tab: string) => void] {
  const [search, setSearch] = useSearchParams();
  const named = search.get("tab");
  const tab: MeetingTab = moment ? "transcript" : isMeetingTab(named) ? named : "summary";
  function choose(next: string) {
    if (!isMeetingTab(next) || next === tab) return;
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete("t");
        params.delete("segment");
        if (next === "summary") params.delete("tab");
        else params.set("tab", next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  return [tab, choose];
}
