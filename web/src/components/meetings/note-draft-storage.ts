// A personal note the server did not take (a limit refused it, or the save failed), kept in sessionStorage per
// account and meeting with the reason, so going to another tab, another page or reloading shows the advisor's text
// and why it is not saved, rather than the older note the server has. Cleared once a save succeeds.

import { isRecord, tabStorage } from "../../lib/tab-storage";

export interface NoteDraft {
  content: string;
  /** The server's sentence for a limit refusal; null for another failure (the network, the server down). */
  refusal: string | null;
}

const keyOf = (userId: number, meetingId: number) => `cm:note-draft:${userId}:${meetingId}`;

export function readNoteDraft(userId: number | null, meetingId: number): NoteDraft | null {
  if (userId === null) return null;
  try {
    const parsed: unknown = JSON.parse(tabStorage()?.getItem(keyOf(userId, meetingId)) ?? "null");
    if (!isRecord(parsed) || typeof parsed.content !== "string") return null;
    return { content: parsed.content, refusal: typeof parsed.refusal === "string" ? parsed.refusal : null };
  } catch {
    return null;
  }
}

export function keepNoteDraft(userId: number | null, meetingId: number, draft: NoteDraft) {
  if (userId === null) return;
  try {
    tabStorage()?.setItem(keyOf(userId, meetingId), JSON.stringify(draft));
  } catch {
    // Quota or privacy mode: the editor still holds the text and leaving asks first.
  }
}

export function clearNoteDraft(userId: number | null, meetingId: number) {
  if (userId === null) return;
  try {
    tabStorage()?.removeItem(keyOf(userId, meetingId));
  } catch {
    // nothing to clear
  }
}
