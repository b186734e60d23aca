// The child processes (ffmpeg, pocketsphinx) this thread has running. A worker thread stuck in synchronous code is
// terminated from outside. The kernel kills its children then (parent-death signal, ./die-with-parent.ts), but
// nobody waits for them, and a killed child not waited for stays a zombie; without setpriv they would not even be
// killed. So the thread reports their ids every second, and whoever terminates it kills them and waits for them
// (api/src/worker/end-child-processes.ts).

const live = new Set<number>();

/** Counts the process as live until it exits. */
export function trackChildProcess(proc: { pid: number; exited: Promise<unknown> }): void {
  live.add(proc.pid);
  void proc.exited.finally(() => live.delete(proc.pid));
}

export function liveChildProcessIds(): number[] {
  return [...live];
}
