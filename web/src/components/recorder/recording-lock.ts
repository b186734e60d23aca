/**
 * One tab at a time sends a recording: the tab that records it holds its Web Lock until the upload ends, and a tab
 * that finds it waiting (after a reload or a crash) takes the lock before resuming. A lock held by a closed or crashed
 * tab is released by the browser.
 */

interface LockManagerLike {
  request: (name: string, options: { ifAvailable: boolean }, work: (lock: unknown) => Promise<void>) => Promise<void>;
}

const lockName = (id: string) => `clearminute-recording-${id}`;

function locks(): LockManagerLike | null {
  return (typeof navigator !== "undefined" && (navigator as { locks?: LockManagerLike }).locks) || null;
}

/** Sent on window when this tab let go of a recording (its page was left): the banner looks for it at once. */
export const RECORDING_RELEASED_EVENT = "clearminute:recording-released";

const announceRelease = () => {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(RECORDING_RELEASED_EVENT));
};

/** Recordings this tab holds (recording or sending): the banner leaves them to their page. */
export const heldHere = new Set<string>();

/**
 * Runs `work` holding the recording's lock, released when work resolves. Returns false at once when another tab holds
 * it. Without Web Locks (old browsers), runs it anyway: a second tab's requests then meet 409s and resume from HEAD.
 */
export async function withRecordingLock(id: string, work: () => Promise<void>): Promise<boolean> {
  if (heldHere.has(id)) return false;
  const manager = locks();
  const run = async () => {
    heldHere.add(id);
    try {
      await work();
    } finally {
      heldHere.delete(id);
    }
  };
  if (!manager) {
    void run().then(announceRelease);
    return true;
  }
  return new Promise((resolve) => {
    let held = false;
    void manager
      .request(lockName(id), { ifAvailable: true }, async (lock) => {
        if (!lock) {
          resolve(false);
          return;
        }
        held = true;
        resolve(true);
        await run();
      })
      // Resolved once the browser has let the lock go: another scan can take it now.
      .then(() => {
        if (held) announceRelease();
      });
  });
}
