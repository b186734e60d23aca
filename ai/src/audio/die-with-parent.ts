// Child processes (ffmpeg, pocketsphinx) die with whoever started them. A worker killed with SIGKILL runs no clean-up,
// and its children went on for up to half a minute, holding a core and the recording's temporary audio. On Linux each
// tool is started through util-linux's `setpriv --pdeathsig KILL`, which asks the kernel to SIGKILL the child when the
// thread that started it ends: the process dying, however it dies, or its worker thread being terminated. Where
// setpriv is missing (or too old to know --pdeathsig) tools start as before, and only an orderly end stops them. The
// child checks its parent once the signal is set (STILL_OURS): one killed before that would never send it.

const PARENT_DEATH_SIGNAL = ["--pdeathsig", "KILL", "--"];

let wrapper: string | null | undefined;

/** setpriv's path when it can set the parent-death signal here; looked up once per process. */
function parentDeathWrapper(): string | null {
  if (wrapper !== undefined) return wrapper;
  wrapper = null;
  const setpriv = process.platform === "linux" ? Bun.which("setpriv") : null;
  const probe = Bun.which("true");
  if (setpriv && probe) {
    try {
      if (Bun.spawnSync([setpriv, ...PARENT_DEATH_SIGNAL, probe]).exitCode === 0) wrapper = setpriv;
    } catch {
      // Not runnable: tools start without it.
    }
  }
  return wrapper;
}

/**
 * The command that runs `program` (a resolved path) with `args` so that it is killed when the starting thread ends;
 * the program keeps its process id (setpriv execs it), so killing and waiting for that id reach the tool itself.
 */
export function dieWithParent(program: string, args: readonly string[]): string[] {
  const setpriv = parentDeathWrapper();
  if (!setpriv) return [program, ...args];
  const shell = Bun.which("sh");
  // The signal is asked for a few milliseconds after the spawn; a parent killed in between has handed the child to
  // another parent, and the signal would never come (3 of 40 such children kept running, parent killed at once, on a
  // loaded machine). So the child checks, once the signal is set, that its parent is still the one that started it,
  // and ends if not; then it becomes the tool (exec: the same process id).
  return shell
    ? [setpriv, ...PARENT_DEATH_SIGNAL, shell, "-c", STILL_OURS, "sh", String(process.pid), program, ...args]
    : [setpriv, ...PARENT_DEATH_SIGNAL, program, ...args];
}

/** Ends (as if killed) unless the parent is the process `$1`; else runs the rest of the arguments in its place. */
export const STILL_OURS = 'if [ "$PPID" != "$1" ]; then exit 137; fi; shift; exec "$@"';
