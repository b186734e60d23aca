// The child side of a supervised group: a process whose supervisor is gone (killed with SIGKILL, which it cannot pass
// on) stops itself gracefully instead of running on unsupervised and holding the port.

const CHECK_MS = 1000;

/**
 * When started by the supervisor (CLUSTER_SUPERVISOR_PID), sends this process SIGTERM, its own graceful stop, once
 * its parent is no longer that supervisor. Does nothing in a process started on its own.
 */
export function stopWhenSupervisorGone(env: Record<string, string | undefined> = process.env): void {
  const supervisor = Number(env.CLUSTER_SUPERVISOR_PID);
  if (!Number.isInteger(supervisor) || supervisor <= 1) return;
  const timer = setInterval(() => {
    if (process.ppid === supervisor) return;
    clearInterval(timer);
    process.kill(process.pid, "SIGTERM");
  }, CHECK_MS);
  // The check alone never keeps the process running.
  timer.unref();
}
