import type { Note } from "@cm/api/models";
import { ApiError } from "../../lib/api-request";
import { readLimitRefusal } from "./refusal-reason";

/** Spec: a save goes out 1 s after typing stops. */
export const NOTE_AUTOSAVE_MS = 1000;
/** After a failed save, the first retry; doubled after each failure up to the last. */
export const NOTE_RETRY_FIRST_MS = 2000;
export const NOTE_RETRY_MAX_MS = 60_000;
/**
 * Browsers refuse keepalive requests whose bodies add up to more than 64 KiB in flight; notes up to this size (two
 * fit at once) are sent with keepalive, so a save under way survives the page going away. A longer note is sent as
 * a normal request, and leaving while it is unsaved asks first.
 */
export const KEEPALIVE_MAX_BYTES = 32_000;

/** idle: nothing to save. pending: typed, a save is coming. saving: one is on its way. failed: not saved, retrying. */
export type NoteSaveState = "idle" | "pending" | "saving" | "failed";

export interface NoteSaverHooks {
  /** A save succeeded and its text is the newest typed: the caller updates its cache and says so. */
  onSaved(note: Note): void;
  /** A save of the newest text failed; `first`: the first of a run of failures. The caller shows why. */
  onFailed(error: unknown, first: boolean): void;
  onState(state: NoteSaveState): void;
}

export interface NoteSaver {
  /** The user typed `text`: saved after the autosave delay. */
  edit(text: string): void;
  /** Sends what is unsaved now. `leaving`: the page is going away, so the request must outlive it (keepalive). */
  flush(leaving?: boolean): void;
  /** Typed text the server does not have yet. */
  hasUnsaved(): boolean;
  /** Whether leaving now could lose text: unsaved after a failure, or too long to send as the page goes. */
  mustWarnBeforeLeaving(): boolean;
  /** The editor shows `text` kept from a save the server refused before (note-draft-storage.ts): unsaved, not sent
   * again until it changes. */
  restore(text: string): void;
  /** The editor is gone (after its flush): what is under way finishes, a failed save is retried a few more times. */
  dispose(): void;
  /** Stops for good: no retry is left waiting, and leaving the page no longer asks for this note. */
  abandon(): void;
}

/** Failures worth trying again: the network, the server being busy or down. Not 400/401/404/413. */
const isRetryable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 408 || error.status === 429 || error.status >= 500;

/**
 * How long to wait before sending the refused text again, or undefined for never (until it changes). A met limit
 * that frees up by itself (creations a minute) is tried once it has; one that only a change frees (the note's
 * length, the account's storage) is not tried again; other failures back off from the first wait to the last.
 */
function retryWait(error: unknown, failures: number): number | undefined {
  const limit = readLimitRefusal(error);
  if (limit) {
    if (!limit.freesAt) return undefined;
    return Math.min(Math.max(limit.freesAt.getTime() - Date.now(), NOTE_RETRY_FIRST_MS), NOTE_RETRY_MAX_MS);
  }
  if (!isRetryable(error)) return undefined;
  return Math.min(NOTE_RETRY_FIRST_MS * 2 ** (failures - 1), NOTE_RETRY_MAX_MS);
}

/** A refusal that sending the same text again cannot change: a met limit that does not free up by itself. */
const refusesThisText = (error: unknown) => {
  const limit = readLimitRefusal(error);
  return limit !== undefined && limit.freesAt === null;
};

const bodyOf = (meetingId: number, content: string) => JSON.stringify({ meetingId, content });

const fitsKeepalive = (body: string) => new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES;

/** POST /api/notes (the JSON request every save sends); `keepalive` lets it finish after the page is gone. */
export async function postNote(meetingId: number, content: string, keepalive: boolean): Promise<Note> {
  const response = await fetch("/api/notes", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: bodyOf(meetingId, content),
    keepalive,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  return JSON.parse(text) as Note;
}

/** Savers with text not yet on the server: the page's leave handlers reach them even after their editor unmounted. */
const active = new Set<NoteSaver>();
let leaveHandlersInstalled = false;

/** Once per page: send what is unsaved when the page goes away or is hidden, and ask first where that may fail. */
function installLeaveHandlers() {
  if (leaveHandlersInstalled || typeof window === "undefined") return;
  leaveHandlersInstalled = true;
  const flushAll = () => {
    for (const saver of [...active]) saver.flush(true);
  };
  window.addEventListener("pagehide", flushAll);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushAll();
  });
  // beforeunload comes before a reload or link sends its request (pagehide only after the answer): a save sent here
  // reaches the server ahead of the next page's read of the note.
  window.addEventListener("beforeunload", (event) => {
    const warn = [...active].some((saver) => saver.mustWarnBeforeLeaving());
    flushAll();
    if (warn) event.preventDefault();
  });
}

/**
 * Forgets every note saver of this page: their retries stop and leaving no longer asks. The page's savers outlive
 * their editors on purpose; a test that starts a page anew calls this so one file's refused note does not guard the next.
 */
export function abandonNoteSavers(): void {
  for (const saver of [...active]) saver.abandon();
  active.clear();
}

/** After its editor is gone a saver still retries a failed save, this many times (about a minute in all). */
const RETRIES_AFTER_DISPOSE = 5;

/**
 * The autosave of one meeting's note. One save at a time, in order, so an older text never lands after a newer one;
 * only the answer to the newest text reaches the caller, so an older echo never replaces newer typing. A page that
 * goes away sends at once (keepalive), whatever is under way.
 */
export function createNoteSaver(meetingId: number, hooks: NoteSaverHooks, send: typeof postNote = postNote): NoteSaver {
  installLeaveHandlers();
  let latest: string | undefined; // the newest typed text
  let saved: string | undefined; // the newest text the server confirmed
  let refused: string | undefined; // a text a limit refused: sent again only once it changed (blur, leaving, retry)
  let inFlightText: string | undefined;
  let sentSeq = 0;
  let savedSeq = 0;
  let failures = 0;
  let disposedAt: number | undefined; // failures when the editor went away
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let state: NoteSaveState = "idle";

  const unsaved = () => latest !== undefined && latest !== saved;

  function settle() {
    if (unsaved() || inFlightText !== undefined) active.add(saver);
    else active.delete(saver);
    let next: NoteSaveState = unsaved() ? "pending" : "idle";
    if (inFlightText !== undefined) next = "saving";
    else if (failures > 0 && unsaved()) next = "failed";
    if (next === state) return;
    state = next;
    hooks.onState(next);
  }

  function scheduleRetry(error: unknown) {
    const wait = retryWait(error, failures);
    if (wait === undefined || debounce !== undefined) return;
    if (disposedAt !== undefined && failures - disposedAt > RETRIES_AFTER_DISPOSE) return;
    retry = setTimeout(() => sendNow(false), wait);
  }

  function sendNow(leaving: boolean) {
    clearTimeout(debounce);
    clearTimeout(retry);
    debounce = retry = undefined;
    if (!unsaved() || latest === refused) return settle();
    const text = latest as string;
    // Waits its turn, unless the page is going away: then there is no later turn (and no need if it is this text).
    if (inFlightText !== undefined && (!leaving || inFlightText === text)) return;
    const seq = ++sentSeq;
    const keepalive = fitsKeepalive(bodyOf(meetingId, text));
    inFlightText = text;
    settle();
    send(meetingId, text, keepalive).then(
      (note) => {
        if (seq === sentSeq) inFlightText = undefined;
        failures = 0;
        refused = undefined;
        if (seq > savedSeq) {
          savedSeq = seq;
          saved = text;
        }
        if (seq === sentSeq) hooks.onSaved(note);
        // Typed during the save and its delay is over (or a flush asked meanwhile): send the rest now.
        if (unsaved() && debounce === undefined && inFlightText === undefined) sendNow(false);
        else settle();
      },
      (error: unknown) => {
        if (seq === sentSeq) inFlightText = undefined;
        if (seq === sentSeq && unsaved()) {
          if (refusesThisText(error)) refused = text;
          hooks.onFailed(error, failures === 0);
          failures++;
          if (inFlightText === undefined) scheduleRetry(error);
        }
        settle();
      },
    );
  }

  const saver: NoteSaver = {
    edit(text) {
      latest = text;
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        debounce = undefined;
        sendNow(false);
      }, NOTE_AUTOSAVE_MS);
      settle();
    },
    flush(leaving = false) {
      if (unsaved()) sendNow(leaving);
    },
    restore(text) {
      latest = refused = text;
      failures = Math.max(failures, 1);
      settle();
    },
    hasUnsaved: unsaved,
    mustWarnBeforeLeaving: () => unsaved() && (failures > 0 || !fitsKeepalive(bodyOf(meetingId, latest as string))),
    dispose() {
      disposedAt = failures;
    },
    abandon() {
      clearTimeout(debounce);
      clearTimeout(retry);
      debounce = retry = undefined;
      latest = saved;
      active.delete(saver);
    },
  };
  return saver;
}
