import type { MomentAnswer, SummarySource } from "@cm/api/models";
import { fetchJson } from "../../lib/api-request";

/** A place in a meeting's transcript the page was opened at: a segment index, a moment in seconds, or both. */
export interface TranscriptMoment {
  segment?: number;
  seconds?: number;
}

const WHOLE = /^[0-9]{1,9}$/;
const SECONDS = /^[0-9]{1,7}(\.[0-9]{1,3})?$/;

/** The moment `?t=SECONDS` (and `&segment=N`, which summary links add) names; null when neither is readable. */
export function momentFromSearch(params: URLSearchParams): TranscriptMoment | null {
  const t = params.get("t");
  const segment = params.get("segment");
  const moment: TranscriptMoment = {};
  if (t !== null && SECONDS.test(t)) moment.seconds = Number(t);
  if (segment !== null && WHOLE.test(segment)) moment.segment = Number(segment);
  return moment.seconds === undefined && moment.segment === undefined ? null : moment;
}

/** The link that opens the transcript at an item's source. */
export function momentHref(meetingId: number, source: SummarySource): string {
  const at = source.start === null ? "" : `t=${Math.floor(source.start)}&`;
  return `/meetings/${meetingId}?${at}segment=${source.segment}`;
}

/** The segment index of a moment: its own, or the one the server finds for its seconds; null when none. */
export async function segmentOfMoment(meetingId: number, moment: TranscriptMoment): Promise<number | null> {
  if (moment.segment !== undefined) return moment.segment;
  if (moment.seconds === undefined) return null;
  const answer = await fetchJson<MomentAnswer>(`/api/meetings/${meetingId}/transcript/at?t=${moment.seconds}`);
  return answer.segment;
}
