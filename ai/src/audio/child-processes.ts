// The child processes (ffmpeg, pocketsphinx) this thread has running. A worker thread stuck in synchronous code is
// terminated from outside, and terminating a thread does not end the processes it started: the thread reports
// their ids every second, and whoever terminates it kills them and waits for them (api/src/worker/
// end-child-processes.ts), since nobody else will and a killed child not waited for stays a zombie.

const live = new Set<number>();

/** Counts the process as live until it exits. */
export function trackChildProcess(proc: { pid: number; exited: Promise<unknown> }): void {
  live.add(proc.pid);
  void proc.exited.finally(() => live.delete(proc.pid));
}

export function liveChildProcessIds(): number[] {
  return [...live];
}
