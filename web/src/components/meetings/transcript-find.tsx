import { useId, useState } from "react";
import { findInTranscript } from "../../lib/transcript-ranges";

/**
 * Find in the whole transcript: the server searches every segment (the page holds only what was read so far), and
 * Previous / Next jump from match to match, loading the part of the transcript each one is in.
 */
export function TranscriptFind({
  meetingId,
  onMatch,
}: {
  meetingId: number;
  /** Shows segment `index` (loading it when needed) and marks it as the current match. */
  onMatch: (index: number | null) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<{ matches: number[]; total: number; current: number } | null>(null);
  const [state, setState] = useState<"idle" | "searching" | "failed">("idle");

  async function search(event: React.FormEvent) {
    event.preventDefault();
    const words = query.trim();
    if (!words) return;
    setState("searching");
    try {
      const answer = await findInTranscript(meetingId, words);
      setFound({ ...answer, current: 0 });
      setState("idle");
      onMatch(answer.matches[0] ?? null);
    } catch {
      setState("failed");
    }
  }

  function step(by: number) {
    if (!found || found.matches.length === 0) return;
    const current = (found.current + by + found.matches.length) % found.matches.length;
    setFound({ ...found, current });
    onMatch(found.matches[current]!);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is no landmark in older browsers; role="search" is everywhere
    <form role="search" className="mb-4 flex flex-wrap items-end gap-2" onSubmit={search}>
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={id} className="label">
          Find in transcript
        </label>
        <input
          id={id}
          type="search"
          className="input"
          value={query}
          maxLength={200}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <button type="submit" className="btn-secondary" disabled={state === "searching"}>
        {state === "searching" ? "Finding..." : "Find"}
      </button>
      {found && found.matches.length > 1 ? (
        <>
          <button type="button" className="btn-secondary" onClick={() => step(-1)}>
            Previous
          </button>
          <button type="button" className="btn-secondary" onClick={() => step(1)}>
            Next
          </button>
        </>
      ) : null}
      <p className="w-full text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
        {describeFound(state, found)}
      </p>
    </form>
  );
}

function describeFound(
  state: "idle" | "searching" | "failed",
  found: { matches: number[]; total: number; current: number } | null,
): string {
  if (state === "failed") return "The search did not go through. Please try again.";
  if (found === null) return "";
  if (found.total === 0) return "No matches in the transcript.";
  const visitable = found.total > found.matches.length ? ` (the first ${found.matches.length} can be visited)` : "";
  return `Match ${found.current + 1} of ${found.total}${visitable}`;
}
