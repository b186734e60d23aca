import type { TranscriptSegment } from "@cm/ai";
import { chunkPlainText, chunkTranscript } from "@cm/ai/chunk";
import { type ChunkSource, type NewChunk, replaceMeetingChunks } from "@cm/db/queries/chunks";
import { findTranscript } from "@cm/db/queries/meeting-content";
import { findMeetingForProcessing } from "@cm/db/queries/meetings";
import { findNote } from "@cm/db/queries/notes";
import { findSummary, type StoredSummary } from "@cm/db/queries/summaries";
import type { SearchIndexer, WorkerContext } from "../context";

/** What indexing needs: the database, the embedder and a log. */
export type IndexerDeps = Pick<WorkerContext, "db" | "ai" | "logger">;

const NOTE_DEBOUNCE_MS = 2000;

interface DraftChunk {
  source: ChunkSource;
  content: string;
  metadata: Record<string, unknown>;
}

function summaryText(summary: StoredSummary): string {
  const parts = [summary.executiveSummary];
  const points = summary.keyPoints;
  if (points.length) parts.push(`Key points: ${points.join("; ")}`);
  const actions = summary.actionItems;
  if (actions.length) parts.push(`Action items: ${actions.map((a) => `${a.task} (${a.assignee})`).join("; ")}`);
  const next = summary.nextMeeting;
  if (next) parts.push(`Next meeting: ${next.date ?? ""} ${next.topics.join(", ")}`);
  return parts.filter(Boolean).join("\n");
}

/** Embeds with the meeting's title and client in front, so "the Hendricks trust" finds its passages. */
async function embedDrafts(ctx: IndexerDeps, header: string, drafts: DraftChunk[]): Promise<NewChunk[]> {
  const vectors: number[][] = [];
  for (let i = 0; i < drafts.length; i += 128) {
    vectors.push(...(await ctx.ai.embedder.embed(drafts.slice(i, i + 128).map((d) => `${header}\n${d.content}`))));
  }
  return drafts.map((d, i) => ({ ...d, embedding: vectors[i]! }));
}

export function createMeetingIndexer(ctx: IndexerDeps): SearchIndexer & { flush(): Promise<void> } {
  const pendingNotes = new Map<number, { userId: number; timer: ReturnType<typeof setTimeout> }>();
  const running = new Set<Promise<void>>();

  async function index(meetingId: number, sources: ChunkSource[]) {
    const meeting = await findMeetingForProcessing(ctx.db.sql, meetingId);
    if (!meeting) return;
    const header = `${meeting.title} — ${meeting.clientName} — ${meeting.date.toISOString().slice(0, 10)}`;
    const base = { title: meeting.title, clientName: meeting.clientName, date: meeting.date.toISOString() };
    const drafts: DraftChunk[] = [];
    if (sources.includes("transcript")) {
      const transcript = await findTranscript(ctx.db.sql, meetingId);
      for (const c of await chunkTranscript((transcript?.segments ?? []) as TranscriptSegment[])) {
        drafts.push({
          source: "transcript",
          content: c.content,
          metadata: {
            ...base,
            startSeconds: c.startSeconds,
            endSeconds: c.endSeconds,
            speakers: c.speakers,
            segmentIndexes: c.segmentIndexes,
          },
        });
      }
    }
    if (sources.includes("summary")) {
      const summary = await findSummary(ctx.db.sql, meetingId);
      if (summary?.executiveSummary) {
        for (const content of await chunkPlainText(summaryText(summary)))
          drafts.push({ source: "summary", content, metadata: base });
      }
    }
    if (sources.includes("note")) {
      const note = await findNote(ctx.db.sql, meeting.userId, meetingId);
      if (note?.content.trim()) {
        for (const content of await chunkPlainText(note.content))
          drafts.push({ source: "note", content, metadata: base });
      }
    }
    const chunks = await embedDrafts(ctx, header, drafts);
    await replaceMeetingChunks(
      ctx.db.sql,
      { userId: meeting.userId, meetingId, clientId: meeting.clientId, sources, model: ctx.ai.embedder.model },
      chunks,
    );
  }

  return {
    indexMeeting: (meetingId) => index(meetingId, ["transcript", "summary", "note"]),
    // Autosave sends a note every few seconds while typing: index once typing settles.
    async noteSaved(userId, meetingId) {
      clearTimeout(pendingNotes.get(meetingId)?.timer);
      const timer = setTimeout(() => {
        pendingNotes.delete(meetingId);
        const work = index(meetingId, ["note"]).catch((error) =>
          ctx.logger.warn("note indexing failed", { meetingId, error: (error as Error).message }),
        );
        running.add(work);
        void work.finally(() => running.delete(work));
      }, NOTE_DEBOUNCE_MS);
      pendingNotes.set(meetingId, { userId, timer });
    },
    /** Runs pending note indexing now (shutdown, tests). */
    async flush() {
      const waiting = [...pendingNotes.entries()];
      pendingNotes.clear();
      for (const [meetingId, { timer }] of waiting) {
        clearTimeout(timer);
        await index(meetingId, ["note"]);
      }
      await Promise.allSettled([...running]);
    },
  };
}
