// A small process supervisor: starts each process, starts again one that dies (waiting longer after each quick
// death), and on stop passes the signal on and waits for all of them. It knows nothing of the app: the group's
// shape is in ./run-process-group.ts.
import type { Subprocess } from "bun";
import type { Logger } from "../logger";

export interface ProcessSpec {
  /** Names the process in every log line ("web-1", "worker-1"). */
  name: string;
  command: string[];
  env: Record<string, string | undefined>;
}

export interface SupervisorOptions {
  processes: readonly ProcessSpec[];
  logger: Logger;
  /** Wait before the first restart of a process that died; doubled for each death in a row (default 1 s). */
  backoffMs?: number;
  /** The longest wait between restarts (default 30 s). */
  maxBackoffMs?: number;
  /** A process that ran this long before dying starts again after the first wait (default 60 s). */
  stableMs?: number;
  /** After the stop signal, how long processes have to finish before they are killed (default 20 s). */
  stopGraceMs?: number;
}

export interface RunningProcess {
  name: string;
  /** Undefined while the process waits to be started again. */
  pid: number | undefined;
  /** How many times it was started again after dying. */
  restarts: number;
}

export interface Supervisor {
  running(): RunningProcess[];
  /** Passes the signal to every process, waits until all have exited; those still running after the grace time are killed. */
  stop(signal?: "SIGTERM" | "SIGINT"): Promise<void>;
}

interface Slot {
  spec: ProcessSpec;
  child: Subprocess | undefined;
  startedAt: number;
  /** Deaths in a row, each within `stableMs` of its start. */
  quickDeaths: number;
  restarts: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export function startSupervisor(options: SupervisorOptions): Supervisor {
  const { logger } = options;
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const stableMs = options.stableMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 20_000;
  let stopping: Promise<void> | undefined;

  const slots: Slot[] = options.processes.map((spec) => ({
    spec,
    child: undefined,
    startedAt: 0,
    quickDeaths: 0,
    restarts: 0,
    timer: undefined,
  }));

  function start(slot: Slot) {
    slot.timer = undefined;
    if (stopping) return;
    let child: Subprocess;
    try {
      child = Bun.spawn(slot.spec.command, {
        env: slot.spec.env,
        // A session of its own: Ctrl-C in a terminal reaches the supervisor only, which passes one signal on (a
        // second one would end a process at once, in the middle of its graceful stop).
        detached: true,
        stdin: "ignore",
        stdout: "inherit",
        stderr: "inherit",
      });
    } catch (error) {
      // Out of processes or memory for a moment: try again after the same wait as a death.
      logger.error("process could not be started", { process: slot.spec.name, error: (error as Error).message });
      scheduleRestart(slot);
      return;
    }
    slot.child = child;
    slot.startedAt = Date.now();
    logger.info("process started", { process: slot.spec.name, pid: child.pid, restarts: slot.restarts });
    void child.exited.then((code) => onExit(slot, child, code));
  }

  function onExit(slot: Slot, child: Subprocess, code: number) {
    if (slot.child === child) slot.child = undefined;
    const ended = { process: slot.spec.name, pid: child.pid, code, signal: child.signalCode ?? null };
    if (stopping) {
      logger.info("process stopped", ended);
      return;
    }
    const ranMs = Date.now() - slot.startedAt;
    if (ranMs >= stableMs) slot.quickDeaths = 0;
    logger.warn("process died; starting it again", { ...ended, ranMs, inMs: scheduleRestart(slot) });
  }

  /** Starts the process again after its wait, which doubles with each quick death in a row; returns the wait. */
  function scheduleRestart(slot: Slot): number {
    const delayMs = Math.min(maxBackoffMs, backoffMs * 2 ** slot.quickDeaths);
    slot.quickDeaths++;
    slot.restarts++;
    slot.timer = setTimeout(() => start(slot), delayMs);
    return delayMs;
  }

  async function stopAll(signal: "SIGTERM" | "SIGINT") {
    for (const slot of slots) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = undefined;
    }
    const live = slots.flatMap((slot) => (slot.child ? [slot.child] : []));
    for (const child of live) child.kill(signal);
    const allExited = Promise.all(live.map((child) => child.exited));
    const late = await Promise.race([allExited.then(() => false), Bun.sleep(stopGraceMs).then(() => true)]);
    if (late) {
      for (const slot of slots) {
        if (!slot.child || slot.child.exitCode !== null || slot.child.signalCode) continue;
        logger.warn("process did not stop in time: killed", { process: slot.spec.name, pid: slot.child.pid });
        slot.child.kill("SIGKILL");
      }
      await allExited;
    }
  }

  for (const slot of slots) start(slot);

  return {
    running: () => slots.map((slot) => ({ name: slot.spec.name, pid: slot.child?.pid, restarts: slot.restarts })),
    stop(signal = "SIGTERM") {
      stopping ??= stopAll(signal);
      return stopping;
    },
  };
}
