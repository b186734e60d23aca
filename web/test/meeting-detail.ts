// A whole, typed GET /api/meetings/{id} answer for DOM tests: each test names what it is about (title, client,
// status, summary…) and the rest is a processed meeting with no summary, no transcript and nothing reviewed.
import type { MeetingDetail } from "@cm/api/models";

export interface ClientOfMeeting {
  id: number;
  name: string;
  type: string;
}

export function meetingDetail(
  client: ClientOfMeeting,
  fields: Partial<MeetingDetail> & Pick<MeetingDetail, "id" | "title" | "date">,
): MeetingDetail {
  return {
    clientId: client.id,
    client_id: client.id,
    client_name: client.name,
    client,
    timeKnown: true,
    duration: null,
    type: "Uploaded",
    status: "Processed",
    failureReason: null,
    createdAt: fields.date,
    executive_summary: null,
    action_items: [],
    action_item_count: 0,
    next_meeting: null,
    transcript_preview: null,
    reviewed: false,
    reviewedAt: null,
    reviewedBy: null,
    editedParts: [],
    redraftedParts: [],
    hasAudio: false,
    sourceKind: "transcript",
    summary: null,
    transcript: null,
    canTranscribeAgain: false,
    consent: null,
    source: null,
    ...fields,
  };
}
