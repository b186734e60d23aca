// The summary's first sentence, from what is known for certain rather than guessed from the words: who took part
// and what the meeting was for. "Ruth Adeyemi, Dan Finch and Lorna Finch met about “Trust administration”."

/** Names listed at most; a bigger meeting is "N people". */
const MAX_NAMED = 5;
// Titles that say nothing about the meeting.
const GENERIC_TITLE = /^(?:meeting|call|untitled(?: meeting)?|new meeting|recording|transcript)$/i;

export function describeMeeting(speakers: string[], title: string, clientName: string): string {
  const cleanTitle = title.trim().replace(/(?<![.\s])[.\s]+$/, "");
  const about = cleanTitle && !GENERIC_TITLE.test(cleanTitle) ? ` about “${cleanTitle}”` : "";
  const named = speakers.filter((speaker) => !/^(?:speaker[ _]?\d+|unknown speaker)$/i.test(speaker.trim()));
  if (named.length >= 2 && named.length <= MAX_NAMED) return `${joinList(named)} met${about}.`;
  if (named.length > MAX_NAMED) return `${named.length} people met${about}.`;
  const client = clientName.trim();
  if (named.length === 1 && client && named[0] !== client) return `${named[0]} met ${client}${about}.`;
  return client ? `Meeting with ${client}${about}.` : `Meeting${about}.`;
}

export function joinList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
