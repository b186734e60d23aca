import type { MeetingDetail } from "@cm/api/models";
import { useRef } from "react";
import { isPending } from "../../lib/meeting-format";
import { toast } from "../../lib/toast";
import { SpeakerList } from "./speaker-list";

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

/** Segments with speakers and timestamps; with a recording, clicking a segment seeks the player there. */
export function TranscriptTab({ meeting }: { meeting: MeetingDetail }) {
  const audio = useRef<HTMLAudioElement>(null);
  const transcript = meeting.transcript;
  const segments = transcript?.segments ?? [];

  async function copy() {
    if (!transcript) return;
    try {
      await navigator.clipboard.writeText(transcript.fullText);
      toast({ title: "Copied to clipboard", description: "The transcript has been copied to your clipboard." });
    } catch {
      toast({
        title: "Copy failed",
        description: "Your browser did not allow copying. Select the text instead.",
        variant: "destructive",
      });
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
        <button type="button" className="btn-secondary" onClick={copy} disabled={!transcript}>
          Copy Text
        </button>
      </div>
      {transcript?.engine ? (
        <p className="-mt-2 mb-3 text-xs text-slate-500 dark:text-slate-400">
          {transcript.draft ? "Draft transcript, made offline" : "Transcript"} by {describeEngine(transcript.engine)}
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
        <SpeakerList meetingId={meeting.id} segments={segments} disabled={isPending(meeting.status)} />
      ) : null}
      {!transcript ? (
        <p className="text-slate-500 dark:text-slate-400">
          The transcript will appear here once processing is complete.
        </p>
      ) : segments.length === 0 ? (
        <p className="whitespace-pre-wrap text-slate-700 dark:text-slate-300">{transcript.fullText}</p>
      ) : (
        <ol className="space-y-2">
          {segments.map((segment, i) => {
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
              <li key={i}>
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
      )}
    </section>
  );
}
