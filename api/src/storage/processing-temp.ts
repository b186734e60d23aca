import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Sql } from "@cm/db";

// Temporary audio (a recording converted to WAV for pocketsphinx can be ~0.9 GB) lives under DATA_DIR, not /tmp:
// one folder per job, `DATA_DIR/processing/job-<id>`, removed when the job ends, is cancelled or fails. A folder whose
// job no worker runs any more (a crash, a terminated thread) is swept at the worker's start and every 10 minutes.

const FOLDER_PATTERN = /^job-(\d{1,18})$/;
/** A recording decoded for transcription in pieces (../jobs/transcribe-in-pieces.ts), kept while its job waits. */
const MEETING_FOLDER_PATTERN = /^meeting-(\d{1,18})$/;

export const processingRoot = (dataDir: string) => join(dataDir, "processing");

/**
 * Local copies of uploads stored in a bucket, read by the upload's content check (./file-storage.ts): each is removed
 * when its check ends; one left by a crash goes at the sweep once older than this.
 */
export const uploadCopiesDir = (dataDir: string) => join(processingRoot(dataDir), "uploads");
const UPLOAD_COPY_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/** The job's own folder, created empty. */
export async function createJobTempDir(dataDir: string, jobId: number): Promise<string> {
  const dir = join(processingRoot(dataDir), `job-${jobId}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

export async function removeJobTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Removes the folders of jobs that no live worker runs; answers how many. */
export async function sweepProcessingTemp(sql: Sql, dataDir: string): Promise<number> {
  const root = processingRoot(dataDir);
  const staleCopies = await sweepUploadCopies(dataDir);
  const names = await readdir(root).catch(() => [] as string[]);
  const folders = names.flatMap((name) => {
    const match = FOLDER_PATTERN.exec(name);
    return match ? [{ name, jobId: Number(match[1]) }] : [];
  });
  if (folders.length === 0) return staleCopies + (await sweepMeetingFolders(sql, root, names));
  const live = await sql<{ id: number }[]>`
    select id from jobs where id = any(${sql.array(folders.map((f) => f.jobId))}::bigint[])
      and status = 'running' and locked_until >= now()`;
  const running = new Set(live.map((row) => Number(row.id)));
  let removed = 0;
  for (const folder of folders) {
    if (running.has(folder.jobId)) continue;
    await rm(join(root, folder.name), { recursive: true, force: true });
    removed++;
  }
  return staleCopies + removed + (await sweepMeetingFolders(sql, root, names));
}

/** Upload copies a crash left behind (a check takes seconds to minutes; these are hours old). */
async function sweepUploadCopies(dataDir: string, now = Date.now()): Promise<number> {
  const dir = uploadCopiesDir(dataDir);
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const info = await stat(join(dir, name)).catch(() => undefined);
    if (!info || now - info.mtimeMs < UPLOAD_COPY_MAX_AGE_MS) continue;
    await rm(join(dir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** A decoded recording whose meeting has no processing waiting or running (deleted, failed, done) goes. */
async function sweepMeetingFolders(sql: Sql, root: string, names: string[]): Promise<number> {
  const folders = names.flatMap((name) => {
    const match = MEETING_FOLDER_PATTERN.exec(name);
    return match ? [{ name, meetingId: Number(match[1]) }] : [];
  });
  if (folders.length === 0) return 0;
  const live = await sql<{ meetingId: number }[]>`
    select distinct meeting_id as "meetingId" from jobs
    where meeting_id = any(${sql.array(folders.map((f) => f.meetingId))}::bigint[]) and status in ('queued', 'running')`;
  const waiting = new Set(live.map((row) => Number(row.meetingId)));
  let removed = 0;
  for (const folder of folders) {
    if (waiting.has(folder.meetingId)) continue;
    await rm(join(root, folder.name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
