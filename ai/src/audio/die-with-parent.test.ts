import { expect, test } from "bun:test";
import { dieWithParent, STILL_OURS } from "./die-with-parent";

const shell = Bun.which("sh");

test.skipIf(!shell)("a tool whose parent is no longer the one that started it ends before it runs", () => {
  const echo = Bun.which("echo")!;
  const ours = Bun.spawnSync([shell!, "-c", STILL_OURS, "sh", String(process.pid), echo, "ran"]);
  expect({ code: ours.exitCode, out: ours.stdout.toString() }).toEqual({ code: 0, out: "ran\n" });
  // Started by this process, but told another parent started it: as after its parent died before the signal was set.
  const orphan = Bun.spawnSync([shell!, "-c", STILL_OURS, "sh", "1", echo, "ran"]);
  expect({ code: orphan.exitCode, out: orphan.stdout.toString() }).toEqual({ code: 137, out: "" });
});

test.skipIf(!shell || !Bun.which("setpriv"))("the wrapped tool runs as itself, with its arguments", () => {
  const printf = Bun.which("printf")!;
  const run = Bun.spawnSync(dieWithParent(printf, ["%s-%s", "a b", "c"]));
  expect({ code: run.exitCode, out: run.stdout.toString() }).toEqual({ code: 0, out: "a b-c" });
});
