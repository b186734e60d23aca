import type { MeetingDetail, SummaryPatchBody } from "@cm/api/models";
import { useSWRConfig } from "swr";
import { refreshActionItemLists } from "./action-items";
import { apiRequest } from "./api-request";
import { refreshMeetingLists } from "./meeting-keys";

/** The summary's parts as the page names them (the API's `editedParts`/`redraftedParts` hold the keys). */
export const SUMMARY_PART_TITLES: Record<string, string> = {
  executiveSummary: "Executive Summary",
  keyPoints: "Key Points",
  decisions: "Decisions",
  actionItems: "Action Items",
  nextMeeting: "Next Meeting",
};

/**
 * Sends an edit or review of a meeting's notes (PATCH /api/meetings/{id}/summary) and brings every view up to date:
 * the meeting (from the answer), its follow-up draft, the lists and the tasks. Throws the API's error.
 */
export function useSummaryEditor(meetingId: number) {
  const { mutate } = useSWRConfig();
  return async (change: SummaryPatchBody): Promise<MeetingDetail> => {
    const meeting = await apiRequest<MeetingDetail>("PATCH", `/api/meetings/${meetingId}/summary`, change);
    await Promise.all([
      mutate(`/api/meetings/${meetingId}`, meeting, { revalidate: false }),
      // A review alone leaves the follow-up's text as it is (and an open dialog keeps what the advisor typed).
      Object.keys(change).some((key) => key !== "reviewed") ? mutate(`/api/meetings/${meetingId}/follow-up`) : null,
      refreshMeetingLists(mutate),
      change.actionItems ? refreshActionItemLists(mutate) : null,
    ]);
    return meeting;
  };
}
