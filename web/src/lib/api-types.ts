// Response shapes of the API, imported as types only (web -> api, types only).
export type { MeetingDetail, MeetingListItem } from "../../../api/src/modules/meetings/meeting-presenter";

export interface ClientItem {
  id: number;
  name: string;
  type: string;
  createdAt: string;
  meetingCount: number;
}

export interface Stats {
  processedCount: number;
  clientCount: number;
  insightsGenerated: number;
}

export interface NoteResponse {
  meetingId: number;
  content: string;
  updatedAt: string | null;
}
