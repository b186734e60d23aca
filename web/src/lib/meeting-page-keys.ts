// What a meeting page (/meetings/{id}) shows, by SWR key: the server loads them together for the first HTML, and the
// page asks for them together on a client navigation, so a slow network costs one wait, not one per request.

const MEETING_ID = /^[1-9][0-9]{0,15}$/;

/** The meeting id a page path names: a positive decimal integer, spelled as API paths accept it; null otherwise. */
export function meetingIdOf(raw: string | undefined): number | null {
  if (raw === undefined || !MEETING_ID.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** The advisor's private notes on the meeting. */
export const noteKey = (id: number) => `/api/notes/meeting/${id}`;
export const meetingKey = (id: number) => `/api/meetings/${id}`;
/** The follow-up draft and what was sent: 409 while the meeting is processing or planned. */
export const followUpKey = (id: number) => `/api/meetings/${id}/follow-up`;

/** Every request a meeting page makes before it is complete, independent of one another. */
export const meetingPageKeys = (id: number) => [meetingKey(id), followUpKey(id), noteKey(id)];
