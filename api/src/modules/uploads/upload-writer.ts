// One request at a time appends to a resumable upload's partial file, in whichever process it runs. A newer request
// (a browser resuming after a drop the server has not seen yet) takes over from an older one: in this process by
// stopping it directly; in another through the upload's row (migration 031), which the writer renews every half
// second and where it finds that it is wanted. The older one stops, counts what it wrote and lets go; the newer one
// then finds the offset moved and answers 409 with it, as tus-js-client expects.
import { randomBytes } from "node:crypto";
import type { Sql } from "@cm/db";
import { claimUploadWriter, releaseUploadWriter, renewUploadWriter } from "@cm/db/queries/upload-writers";
import { HttpError, notFound } from "../../http-error";

/** A writer whose process died holds the upload this long at most. */
export const WRITER_LEASE_MS = 10_000;
/** How often a writer renews its lease and looks whether a newer request waits. */
const RENEW_MS = 500;
/**
 * A writer stops appending once half its lease has passed without a renewal (its database is slow, its process was
 * stalled): whoever takes over after the whole lease never finds it still writing.
 */
const WRITE_MARGIN_MS = WRITER_LEASE_MS / 2;
/** How long a request waits for the writer before it: a live one lets go within a renewal, a dead one's lease ends. */
const WAIT_MS = WRITER_LEASE_MS + 5_000;
const POLL_MS = 50;

export interface UploadProgress {
  offset: number;
  length: number | null;
}

export interface UploadWriter {
  /** False once a newer request wants the upload or the lease may have run out: append nothing more. */
  mayWrite(): boolean;
  /** Lets go, recording `progress` in the same statement (only while still the writer). Safe to call again. */
  release(progress?: UploadProgress): Promise<void>;
}

/** This process's writers by upload: a newer request here stops the older one without asking the database. */
const local = new Map<string, { stop(): void; done: Promise<void> }>();

/**
 * Takes the upload for this request, after the request writing to it (here or in another process) has stopped and
 * counted its bytes. `stop` ends this request's reading (cancels its body) when a newer one takes over in turn.
 */
export async function takeUploadWriter(sql: Sql, id: string, stop: () => void): Promise<UploadWriter> {
  // A loop: another request may have taken the place while this one waited. The place is taken right after, with no
  // await in between, so two requests of this process never hold it at once.
  for (let current = local.get(id); current; current = local.get(id)) {
    current.stop();
    await current.done;
  }
  let letGo!: () => void;
  let stopped = false;
  const slot = {
    stop() {
      stopped = true;
      stop();
    },
    done: new Promise<void>((resolve) => {
      letGo = resolve;
    }),
  };
  local.set(id, slot);
  const leaveSlot = () => {
    if (local.get(id) === slot) local.delete(id);
    letGo();
  };
  const token = randomBytes(12).toString("hex");
  try {
    await claim(sql, id, token);
  } catch (error) {
    leaveSlot();
    throw error;
  }

  let validUntil = Date.now() + WRITE_MARGIN_MS;
  let renewing = false;
  const timer = setInterval(async () => {
    if (renewing) return; // a slow database: the margin runs out rather than renewals piling up
    renewing = true;
    const askedAt = Date.now();
    try {
      const state = await renewUploadWriter(sql, id, token, WRITER_LEASE_MS);
      if (state === "kept") validUntil = askedAt + WRITE_MARGIN_MS;
      else slot.stop();
    } catch {
      // The database did not answer: the margin is not moved, so writing stops once it has passed.
    } finally {
      renewing = false;
    }
  }, RENEW_MS);

  let released: Promise<void> | undefined;
  return {
    mayWrite: () => !stopped && Date.now() < validUntil,
    release(progress) {
      released ??= (async () => {
        clearInterval(timer);
        try {
          await releaseUploadWriter(sql, id, token, progress);
        } finally {
          leaveSlot();
        }
      })();
      return released;
    },
  };
}

/** Waits until the upload is this request's; the request before it is asked to stop meanwhile. */
async function claim(sql: Sql, id: string, token: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claimed = await claimUploadWriter(sql, id, token, WRITER_LEASE_MS);
    if (claimed === "taken") return;
    if (claimed === "gone") throw notFound("Upload");
    if (Date.now() > deadline) {
      // 423 Locked: tus clients (tus-js-client among them) try again after a moment.
      throw new HttpError(
        423,
        "The upload is still being received by an earlier request: try again in a moment.",
        "locked",
      );
    }
    await Bun.sleep(POLL_MS);
  }
}
