import { Link } from "react-router";

/**
 * The note over a transcript made by the server's own speech recognition: it speaks to the advisor (what this means
 * for the notes, what to do), not to whoever runs the server. Help tells the advisor whom to ask; how to connect a
 * speech service is in docs/operating.md.
 */
export function DraftTranscriptNotice({
  canTranscribeAgain,
  transcribing,
  onTranscribeAgain,
}: {
  canTranscribeAgain: boolean;
  transcribing: boolean;
  onTranscribeAgain: () => void;
}) {
  return (
    <section
      aria-label="Draft transcript"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-900/30 dark:text-sky-100"
    >
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">Draft transcript</p>
        {canTranscribeAgain ? (
          <p>A more accurate speech service is connected now: transcribe again for a better transcript and summary.</p>
        ) : (
          <p>
            This transcript was made without a speech service, so many words may be wrong, and the summary is made from
            it. Check names and figures against the recording before you send or file anything.{" "}
            <Link to="/settings" className="font-medium underline underline-offset-2">
              How to get an accurate transcript
            </Link>
          </p>
        )}
      </div>
      {canTranscribeAgain ? (
        <button type="button" className="btn-secondary" onClick={onTranscribeAgain} disabled={transcribing}>
          {transcribing ? "Transcribing..." : "Transcribe again"}
        </button>
      ) : null}
    </section>
  );
}
