import type { RenameSpeakerAnswer, TranscriptSegment } from "@cm/api/models";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { refreshActionItemLists } from "../../lib/action-items";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";
import { useToastWhile } from "../../lib/use-toast-while";
import { serverMessage } from "../auth/auth-errors";

/** The distinct speakers of a transcript's segments, in order of first appearance. */
const RENAME_FAILED_KEY = "speaker-rename-failed";

export function speakersOf(segments: TranscriptSegment[]): string[] {
  return [...new Set(segments.map((s) => s.speaker).filter((s): s is string => Boolean(s?.trim())))];
}

function RenameForm({
  speaker,
  onRename,
  onCancel,
}: {
  speaker: string;
  onRename: (to: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(speaker);
  const [saving, setSaving] = useState(false);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onKeyDown={(e) => e.key === "Escape" && onCancel()}
      onSubmit={async (e) => {
        e.preventDefault();
        setSaving(true);
        await onRename(name);
        setSaving(false);
      }}
    >
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={id} className="label">
          New name for {speaker}
        </label>
        <input
          id={id}
          className="input"
          value={name}
          maxLength={100}
          required
          onChange={(e) => setName(e.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the field the advisor just asked for
          autoFocus
        />
      </div>
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : "Rename"}
      </button>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/**
 * The speakers a transcript names ("Speaker 1", or the names a transcript file carried), each renamed once for the
 * whole meeting: its transcript, its action items' assignees and its search passages follow.
 */
export function SpeakerList({
  meetingId,
  segments,
  speakers: wholeTranscriptSpeakers,
  disabled,
}: {
  meetingId: number;
  segments: TranscriptSegment[];
  /** The speakers of the whole transcript, when the segments are only its opening. */
  speakers?: string[];
  disabled: boolean;
}) {
  const { mutate } = useSWRConfig();
  const [renaming, setRenaming] = useState<string | null>(null);
  const speakers = wholeTranscriptSpeakers ?? speakersOf(segments);
  // A refused rename is told while its form is open: cancelling it ends the toast.
  useToastWhile(RENAME_FAILED_KEY, renaming !== null);

  async function rename(from: string, to: string) {
    if (to.trim() === from) {
      setRenaming(null);
      return;
    }
    try {
      await apiRequest<RenameSpeakerAnswer>("PUT", `/api/meetings/${meetingId}/speakers`, { from, to });
      await Promise.all([mutate(`/api/meetings/${meetingId}`), refreshActionItemLists(mutate)]);
      setRenaming(null);
      toast({
        title: "Speaker renamed",
        description: `${from} is now ${to.trim()} in the transcript and action items; search follows in a moment.`,
      });
    } catch (error) {
      toast({
        key: RENAME_FAILED_KEY,
        title: "Could not rename the speaker",
        description: serverMessage(error),
        variant: "destructive",
      });
    }
  }

  return (
    <section aria-labelledby={`speakers-${meetingId}`} className="mb-4 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
      <h4 id={`speakers-${meetingId}`} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        Speakers
      </h4>
      {speakers.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">No speakers were named in this transcript.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {speakers.map((speaker) => (
            <li key={speaker}>
              {renaming === speaker ? (
                <RenameForm
                  speaker={speaker}
                  onCancel={() => setRenaming(null)}
                  onRename={(to) => rename(speaker, to)}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-800 dark:text-slate-200">{speaker}</span>
                  <button
                    type="button"
                    className="text-sm font-medium text-indigo-600 hover:underline disabled:opacity-50 dark:text-indigo-400"
                    onClick={() => setRenaming(speaker)}
                    disabled={disabled}
                    aria-label={`Rename ${speaker}`}
                  >
                    Rename
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
