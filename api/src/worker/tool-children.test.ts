// The tools a worker starts (ffmpeg, pocketsphinx) die with it. The finding: `kill -9` of a worker left its children
// running for about 25 s (the kernel does not end a process's children with it). Through setpriv's parent-death
// signal they are killed the moment the thread that started them ends: the process killed with SIGKILL, or its worker
// thread terminated. Where setpriv is missing tools still start, without that guarantee.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { endChildProcesses } from "./end-child-processes";

const missing = !existsSync("/proc/self/stat")
  ? "no /proc to read processes from"
  : Bun.which("setpriv")
    ? undefined
    : "setpriv is not installed (apt-get install util-linux)";
if (missing) console.warn(`[tool children] the parent-death tests skipped: ${missing}`);

const PROCESS_SCRIPT = join(import.meta.dir, "tool-children.test-process.ts");
const THREAD_SCRIPT = new URL("./tool-children.test-worker.ts", import.meta.url).href;
const scratch = mkdtempSync(join(tmpdir(), "cm-tool-children-"));
const started: number[] = [];
afterAll(async () => {
  // Whatever a failed test left: ended, so no sleeping child outlives the suite; an id now another process's is
  // left alone.
  await endChildProcesses(started.filter(running));
  rmSync(scratch, { recursive: true, force: true });
});

/** The process's `/proc` state letter (R, S, Z, …) and start time in clock ticks, or "gone". */
function processStat(pid: number): { state: string; startedAt: string } {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // After the command's closing parenthesis: state is the first field, the start time the twentieth.
    return { state: fields[0] ?? "gone", startedAt: fields[19] ?? "" };
  } catch {
    return { state: "gone", startedAt: "" };
  }
}
/** When each child started, read when it was reported: a process id used again later is another process. */
const startTimes = new Map<number, string>();
const noteStarted = (pids: number[]) => {
  for (const pid of pids) startTimes.set(pid, processStat(pid).startedAt);
};
/** A zombie (Z) is dead: it only waits to be reaped. The machine's 32,768 process ids come round again under load. */
const running = (pid: number) => {
  const { state, startedAt } = processStat(pid);
  return !["Z", "X", "gone"].includes(state) && (!startTimes.has(pid) || startTimes.get(pid) === startedAt);
};

// Bounded well under the tests' own timeout: a loaded machine ends a terminated thread late (10 s was once too few
// while the suite ran beside other work), and how soon is no part of what is checked.
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 1000; i++) {
    if (check()) return;
    await Bun.sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Starts the process script; answers it with the ids of the tools it started. */
async function startToolProcess(env: Record<string, string | undefined> = process.env) {
  const proc = Bun.spawn([process.execPath, PROCESS_SCRIPT], { cwd: import.meta.dir, env, stdout: "pipe" });
  const reader = proc.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the tool process ended before it reported its children");
    text += new TextDecoder().decode(value);
  }
  const { threadPids, mainPids } = JSON.parse(text) as { threadPids: number[]; mainPids: number[] };
  const pids = [...threadPids, ...mainPids];
  noteStarted(pids);
  started.push(...pids);
  return { proc, pids };
}

test.skipIf(missing !== undefined)(
  "kill -9 of a worker process leaves none of its tools running",
  async () => {
    const { proc, pids } = await startToolProcess();
    expect(pids.map(running)).toEqual([true, true, true]);
    proc.kill("SIGKILL");
    await proc.exited;
    await until(() => !pids.some(running), "the children of the killed process to die");
    expect(pids.map(running)).toEqual([false, false, false]);
  },
  60_000,
);

test.skipIf(missing !== undefined)(
  "a terminated worker thread's tools die with it, before anyone kills them",
  async () => {
    const worker = new Worker(THREAD_SCRIPT);
    const pids = await new Promise<number[]>((resolve) => {
      worker.onmessage = (event: MessageEvent<number[]>) => resolve(event.data);
      worker.postMessage(2);
    });
    noteStarted(pids);
    started.push(...pids);
    expect(pids.map(running)).toEqual([true, true]);
    worker.terminate();
    await until(() => !pids.some(running), "the children of the terminated thread to die");
    // Dead, and reaped here as the supervisor reaps them (nobody else waits for them).
    expect(await endChildProcesses(pids)).toEqual([]);
  },
  60_000,
);

test("without setpriv on PATH, tools still start (and only an orderly end stops them)", async () => {
  const bin = join(scratch, "bin");
  rmSync(bin, { recursive: true, force: true });
  Bun.spawnSync(["mkdir", "-p", bin]);
  for (const tool of ["sleep", "true"]) symlinkSync(Bun.which(tool)!, join(bin, tool));
  const { proc, pids } = await startToolProcess({ ...process.env, PATH: bin });
  expect(pids.map(running)).toEqual([true, true, true]);
  proc.kill("SIGKILL");
  await proc.exited;
  await endChildProcesses(pids);
}, 60_000);
