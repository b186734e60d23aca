// Ends the child processes (ffmpeg, pocketsphinx) of a worker thread that was terminated. Threads share the process,
// so the children are this process's; the thread that would have waited for them is gone, and a killed child nobody
// waits for stays a zombie for good (`ps` state Z). So after SIGKILL each one is waited for here, with waitpid.
import { dlopen, FFIType } from "bun:ffi";

const WNOHANG = 1;
/** How often, and for how long, a killed child is looked at until it has exited. */
const POLL_MS = 50;
const GIVE_UP_MS = 10_000;

type WaitPid = (pid: number, status: Int32Array, options: number) => number;

let waitpid: WaitPid | null | undefined;

/** libc's waitpid, or null where it cannot be loaded (the children are then only killed). */
function loadWaitPid(): WaitPid | null {
  if (waitpid !== undefined) return waitpid;
  try {
    const name = process.platform === "darwin" ? "libc.dylib" : "libc.so.6";
    const libc = dlopen(name, { waitpid: { args: [FFIType.i32, FFIType.ptr, FFIType.i32], returns: FFIType.i32 } });
    waitpid = (pid, status, options) => libc.symbols.waitpid(pid, status, options);
  } catch {
    waitpid = null;
  }
  return waitpid;
}

/**
 * Kills the processes and waits for each without blocking: polled with WNOHANG until it has exited (reaped) or is
 * not ours to wait for (ECHILD: already reaped). Answers the ids still not reaped after 10 s (none, normally).
 */
export async function endChildProcesses(pids: readonly number[]): Promise<number[]> {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  const wait = loadWaitPid();
  if (!wait) return [...pids];
  const status = new Int32Array(1);
  let pending = [...pids];
  const giveUpAt = Date.now() + GIVE_UP_MS;
  while (pending.length > 0) {
    // 0: still running (SIGKILL takes a moment); the id or -1 (ECHILD): nothing left to wait for.
    pending = pending.filter((pid) => wait(pid, status, WNOHANG) === 0);
    if (pending.length === 0 || Date.now() > giveUpAt) break;
    await Bun.sleep(POLL_MS);
  }
  return pending;
}
