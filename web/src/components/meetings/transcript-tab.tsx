import type { MeetingDetail } from "@cm/api/models";
import { useEffect, useRef, useState } from "react";
import { isPending } from "../../lib/meeting-format";
import { toast } from "../../lib/toast";
import { fetchWholeText } from "../../lib/transcript-ranges";
import { SpeakerList } from "./speaker-list";
import { TranscriptFind } from "./transcript-find";
import { segmentOfMoment, type TranscriptMoment } from "./transcript-moment";
import { TranscriptMore } from "./transcript-more";
import { useTranscriptWindow } from "./use-transcript-window";

export function formatTimestamp(seconds: number): string {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** An engine name as recorded with a transcript or summary ("pocketsphinx", "openai:whisper-1"...), for small print. */
export function describeEngine(engine: string): string {
  if (engine === "pocketsphinx") return "pocketsphinx, offline";
  if (engine === "transcript-file") return "the uploaded transcript file";
  if (engine === "local") return "the local engine, offline";
  const colon = engine.indexOf(":");
  if (colon === -1) return engine;
  const model = engine.slice(colon + 1);
  return engine.startsWith("openai:") ? `${model} (OpenAI)` : `${model} (self-hosted)`;
}

/**
 * Segments with speakers and timestamps; with a recording, clicking a segment seeks the player there. A long
 * transcript arrives as its opening: the rest loads as the reader scrolls, around a match of Find, or around the
 * `moment` the page was opened at (a summary item's source, a `?t=` link), which is marked and the player sought to.
 */
export function TranscriptTab({
  meeting,
  moment = null,
}: {
  meeting: MeetingDetail;
  moment?: TranscriptMoment | null;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const transcript = meeting.transcript;
  const { view, hasMore, loadMore, loadEarlier, showSegment } = useTranscriptWindow(meeting.id, transcript);
  const segments = view.segments;
  const [match, setMatch] = useState<number | null>(null);
  const [copying, setCopying] = useState(false);

  async function jumpTo(index: number | null) {
    setMatch(index);
    if (index === null) return;
    await showSegment(index);
    // After the render that holds it.
    requestAnimationFrame(() => document.getElementById(`segment-${index}`)?.scrollIntoView({ block: "center" }));
  }

  // Each moment is shown once: the meeting answer refreshing must not pull the reader back to it.
  const shownMoment = useRef<TranscriptMoment | null>(null);
  const hasTranscript = transcript !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: jumpTo is a fresh closure each render; the moment decides
  useEffect(() => {
    if (!moment || !hasTranscript || shownMoment.current === moment) return;
    shownMoment.current = moment;
    if (moment.seconds !== undefined && audio.current) audio.current.currentTime = moment.seconds;
    segmentOfMoment(meeting.id, moment)
      .then((index) => jumpTo(index))
      .catch(() =>
        toast({ title: "Moment not found", description: "That part of the transcript could not be loaded." }),
      );
  }, [moment, hasTranscript, meeting.id]);

  async function copy() {
    if (!transcript) return;
    setCopying(true);
    try {
      // The whole text, not only the part on screen: read in ranges when the meeting answer held only its opening.
      const text = await fetchWholeText(meeting.id, transcript);
      await navigator.clipboard.writeText(text);
      toast({ title: "Copied to clipboard", description: "The transcript has been copied to your clipboard." });
    } catch {
      toast({
        title: "Copy failed",
        description: "Your browser did not allow copying. Select the text instead.",
        variant: "destructive",
      });
    } finally {
      setCopying(false);
    }
  }

  function seek(start: number | null) {
    if (!audio.current || start === null) return;
    audio.current.currentTime = start;
    void audio.current.play().catch(() => {});
  }

  return (
    <section className="card p-5">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h3 className="font-semibold text-slate-900 dark:text-slate-100">Full Transcript</h3>
        <button type="button" className="btn-secondary" onClick={copy} disabled={!transcript || copying}>
          {copying ? "Copying..." : "Copy Text"}
        </button>
      </div>
      {transcript?.engine ? (
        <p className="-mt-2 mb-3 text-xs text-slate-500 dark:text-slate-400">
          {/* "offline" once: the engine's own name says it ("pocketsphinx, offline"). */}
          {transcript.draft ? "Draft transcript" : "Transcript"} by {describeEngine(transcript.engine)}
        </p>
      ) : null}
      {meeting.hasAudio ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript below is the caption
        <audio
          ref={audio}
          controls
          preload="metadata"
          src={`/api/meetings/${meeting.id}/audio`}
          className="mb-4 w-full"
        />
      ) : null}
      {transcript ? (
        <SpeakerList
          meetingId={meeting.id}
          segments={segments}
          speakers={transcript.speakers}
          disabled={isPending(meeting.status)}
        />
      ) : null}
      {transcript && transcript.segmentCount > 0 ? <TranscriptFind meetingId={meeting.id} onMatch={jumpTo} /> : null}
      {!transcript ? (
        <p className="text-slate-500 dark:text-slate-400">
          The transcript will appear here once processing is complete.
        </p>
      ) : segments.length === 0 ? (
        <>
          <p className="whitespace-pre-wrap text-slate-700 dark:text-slate-300">{transcript.fullText}</p>
          {[...transcript.fullText].length < transcript.fullTextLength ? (
            <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
              This is the start of a long transcript: Copy Text or an export holds all of it.
            </p>
          ) : null}
        </>
      ) : (
        <>
          {view.start > 0 ? (
            <TranscriptMore
              label="Show earlier parts of the transcript"
              loadingLabel="Loading earlier parts of the transcript..."
              loading={view.loading === "earlier"}
              onLoad={loadEarlier}
            />
          ) : null}
          <ol className="space-y-2" start={view.start + 1}>
            {segments.map((segment, offset) => {
              const i = view.start + offset;
              const body = (
                <>
                  <span className="w-14 shrink-0 font-mono text-xs text-slate-500 dark:text-slate-400">
                    {segment.start === null ? "" : formatTimestamp(segment.start)}
                  </span>
                  <span>
                    {segment.speaker ? (
                      <span className="font-medium text-slate-900 dark:text-slate-100">{segment.speaker}: </span>
                    ) : null}
                    {segment.lowConfidence ? (
                      <span
                        className="text-slate-700 underline decoration-amber-500 decoration-dotted underline-offset-4 dark:text-slate-300"
                        title="The speech service was unsure of these words"
                      >
                        {segment.text}
                        <span className="sr-only"> (uncertain words)</span>
                      </span>
                    ) : (
                      <span className="text-slate-700 dark:text-slate-300">{segment.text}</span>
                    )}
                  </span>
                </>
              );
              return (
                <li
                  key={i}
                  id={`segment-${i}`}
                  aria-current={match === i ? "true" : undefined}
                  className={match === i ? "rounded-md ring-2 ring-amber-400" : undefined}
                >
                  {meeting.hasAudio && segment.start !== null ? (
                    <button
                      type="button"
                      onClick={() => seek(segment.start)}
                      className="flex w-full gap-3 rounded-md p-2 text-left hover:bg-slate-50 dark:hover:bg-slate-800/60"
                    >
                      {body}
                    </button>
                  ) : (
                    <div className="flex gap-3 p-2">{body}</div>
                  )}
                </li>
              );
            })}
          </ol>
          {view.failed ? (
            <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
              This part of the transcript could not be loaded. Please try again.
            </p>
          ) : null}
          {view.loading === "jump" ? (
            <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Loading the match...</p>
          ) : null}
          {hasMore ? (
            <TranscriptMore
              label="Load more of the transcript"
              loadingLabel="Loading more of the transcript..."
              loading={view.loading === "more"}
              onLoad={loadMore}
              whenVisible
            />
          ) : null}
        </>
      )}
    </section>
  );
}
