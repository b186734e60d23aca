// The supervisor with small stand-in processes: one that dies is started again after a wait that doubles with each
// quick death and starts over after a long run; a stop passes the signal on and kills what ignores it.
import { afterAll, afterEach, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryLogger } from "../logger";
import { type ProcessSpec, type Supervisor, startSupervisor } from "./supervisor";

const dir = mkdtempSync(join(tmpdir(), "cm-supervisor-"));
const running: Supervisor[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((supervisor) => supervisor.stop("SIGTERM")));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in process from a few lines of script. */
function script(name: string, source: string): ProcessSpec {
  const path = join(dir, `${name}.ts`);
  writeFileSync(path, source);
  return { name, command: [process.execPath, path], env: { PATH: process.env.PATH } };
}

function supervise(processes: ProcessSpec[], options: { stableMs?: number; stopGraceMs?: number } = {}) {
  const logger = createMemoryLogger();
  const supervisor = startSupervisor({ processes, logger, backoffMs: 20, maxBackoffMs: 80, ...options });
  running.push(supervisor);
  return { supervisor, logger };
}

/** Waits (at most 20 s) until `ready` holds. */
async function until(ready: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await Bun.sleep(10);
  }
}

const STAYS_UP = "setInterval(() => {}, 1000);";
const readyMarker = (name: string) => join(dir, `${name}.ready`);
/** Ends a script: says it is ready (its signal handlers are set), then stays up. */
const READY_AND_UP = (name: string) =>
  `require("node:fs").writeFileSync(${JSON.stringify(readyMarker(name))}, ""); ${STAYS_UP}`;

test("a process that keeps dying is started again, the wait doubling up to its longest", async () => {
  const { supervisor, logger } = supervise([script("crasher", "process.exit(3);")]);
  const deaths = () => logger.lines.filter((line) => line.msg === "process died; starting it again");
  await until(() => deaths().length >= 5, "five deaths");
  expect(deaths().map((line) => line.inMs)).toEqual([20, 40, 80, 80, 80]);
  expect(deaths().every((line) => line.code === 3 && line.process === "crasher")).toBe(true);
  expect(supervisor.running()[0]!.restarts).toBeGreaterThanOrEqual(5);
});

test("a process that ran long enough before dying waits only the first time again", async () => {
  const { logger } = supervise([script("tired", "setTimeout(() => process.exit(1), 150);")], { stableMs: 100 });
  const deaths = () => logger.lines.filter((line) => line.msg === "process died; starting it again");
  await until(() => deaths().length >= 3, "three deaths");
  expect(deaths().map((line) => line.inMs)).toEqual([20, 20, 20]);
});

test("a process killed from outside is started again under a new pid; the others keep running", async () => {
  const { supervisor, logger } = supervise([script("web-1", STAYS_UP), script("web-2", STAYS_UP)]);
  const [first, second] = supervisor.running();
  process.kill(first!.pid!, "SIGKILL");
  await until(() => supervisor.running()[0]!.restarts === 1 && supervisor.running()[0]!.pid !== undefined, "restart");
  const [again, still] = supervisor.running();
  expect(again!.pid).not.toBe(first!.pid);
  expect(still).toEqual(second!);
  const death = logger.lines.find((line) => line.msg === "process died; starting it again");
  expect(death).toMatchObject({ process: "web-1", pid: first!.pid, signal: "SIGKILL", inMs: 20 });
  expect(logger.lines.filter((line) => line.msg === "process started").map((line) => line.process)).toEqual([
    "web-1",
    "web-2",
    "web-1",
  ]);
});

test("stop passes the signal on, waits for every process, and starts none again", async () => {
  const marker = (name: string) => join(dir, `${name}.stopped`);
  const graceful = (name: string) =>
    script(
      name,
      `process.once("SIGTERM", () => { require("node:fs").writeFileSync(${JSON.stringify(marker(name))}, "");
        setTimeout(() => process.exit(0), 50); }); ${READY_AND_UP(name)}`,
    );
  const { supervisor, logger } = supervise([graceful("web-1"), graceful("worker-1")]);
  await until(() => existsSync(readyMarker("web-1")) && existsSync(readyMarker("worker-1")), "both ready");
  await supervisor.stop("SIGTERM");
  expect(existsSync(marker("web-1")) && existsSync(marker("worker-1"))).toBe(true);
  const stopped = logger.lines.filter((line) => line.msg === "process stopped");
  expect(stopped.map((line) => [line.process, line.code])).toEqual(
    expect.arrayContaining([
      ["web-1", 0],
      ["worker-1", 0],
    ]),
  );
  expect(logger.lines.some((line) => line.msg === "process died; starting it again")).toBe(false);
  expect(supervisor.running().every((p) => p.pid === undefined)).toBe(true);
});

test("a process that ignores the stop signal is killed after the grace time", async () => {
  const stubborn = script("stubborn", `process.on("SIGTERM", () => {}); ${READY_AND_UP("stubborn")}`);
  const { supervisor, logger } = supervise([stubborn], { stopGraceMs: 300 });
  await until(() => existsSync(readyMarker("stubborn")), "ready");
  await supervisor.stop("SIGTERM");
  expect(logger.lines.find((line) => line.msg === "process did not stop in time: killed")).toMatchObject({
    process: "stubborn",
  });
  expect(logger.lines.find((line) => line.msg === "process stopped")).toMatchObject({ signal: "SIGKILL" });
});

test("a process that cannot be started is tried again after the wait, without stopping the others", async () => {
  const missing = { name: "worker-1", command: [join(dir, "no-such-program")], env: {} };
  const { supervisor, logger } = supervise([script("web-1", STAYS_UP), missing]);
  const failures = () => logger.lines.filter((line) => line.msg === "process could not be started");
  await until(() => failures().length >= 2, "two tries");
  expect(failures()[0]).toMatchObject({ process: "worker-1" });
  expect(supervisor.running()[0]).toMatchObject({ name: "web-1", restarts: 0 });
  expect(supervisor.running()[0]!.pid).toBeNumber();
});
