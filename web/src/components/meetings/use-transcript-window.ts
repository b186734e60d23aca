import type { MeetingDetail, TranscriptSegment } from "@cm/api/models";
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchSegmentRange } from "../../lib/transcript-ranges";

type Transcript = NonNullable<MeetingDetail["transcript"]>;

/** The segments on screen: a contiguous run from index `start`, grown as the reader scrolls or jumped to a match. */
export interface TranscriptWindow {
  start: number;
  segments: TranscriptSegment[];
  total: number;
  /** Which end is being loaded, if any. */
  loading: "more" | "earlier" | "jump" | null;
  failed: boolean;
}

const opening = (transcript: Transcript | null): TranscriptWindow => ({
  start: 0,
  segments: transcript?.segments ?? [],
  total: transcript?.segmentCount ?? 0,
  loading: null,
  failed: false,
});

/** How many segments before a match are shown with it, for context. */
const CONTEXT_BEFORE = 3;

export function useTranscriptWindow(meetingId: number, transcript: Transcript | null) {
  const [view, setView] = useState(() => opening(transcript));
  // One load at a time: a scroll event and a click must not append the same range twice.
  const busy = useRef(false);
  useEffect(() => {
    setView(opening(transcript));
  }, [transcript]);

  const run = useCallback(async (kind: NonNullable<TranscriptWindow["loading"]>, load: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setView((v) => ({ ...v, loading: kind, failed: false }));
    try {
      await load();
      setView((v) => ({ ...v, loading: null }));
    } catch {
      setView((v) => ({ ...v, loading: null, failed: true }));
    } finally {
      busy.current = false;
    }
  }, []);

  const end = view.start + view.segments.length;
  const loadMore = useCallback(() => {
    if (end >= view.total) return;
    void run("more", async () => {
      const range = await fetchSegmentRange(meetingId, end);
      setView((v) =>
        v.start + v.segments.length === range.from
          ? { ...v, segments: [...v.segments, ...range.segments], total: range.total }
          : v,
      );
    });
  }, [end, view.total, meetingId, run]);

  const loadEarlier = useCallback(() => {
    const before = view.start;
    if (before <= 0) return;
    void run("earlier", async () => {
      const earlier: TranscriptSegment[] = [];
      let from = Math.max(0, before - 200);
      const first = from;
      // A range may stop short of its asked end (its size budget): read on until the run joins up.
      while (from < before) {
        const range = await fetchSegmentRange(meetingId, from, before);
        earlier.push(...range.segments);
        if (range.to <= from) break;
        from = range.to;
      }
      setView((v) => (v.start === before ? { ...v, start: first, segments: [...earlier, ...v.segments] } : v));
    });
  }, [view.start, meetingId, run]);

  /** Makes segment `index` part of the window (a new window around it when it is far away). */
  const showSegment = useCallback(
    async (index: number) => {
      if (index >= view.start && index < end) return;
      await run("jump", async () => {
        const from = Math.max(0, index - CONTEXT_BEFORE);
        const range = await fetchSegmentRange(meetingId, from);
        setView((v) => ({ ...v, start: range.from, segments: range.segments, total: range.total }));
      });
    },
    [view.start, end, meetingId, run],
  );

  return { view, hasMore: end < view.total, loadMore, loadEarlier, showSegment };
}
