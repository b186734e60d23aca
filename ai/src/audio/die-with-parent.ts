// Child processes (ffmpeg, pocketsphinx) die with whoever started them. A worker killed with SIGKILL runs no clean-up,
// and its children went on for up to half a minute, holding a core and the recording's temporary audio. On Linux each
// tool is started through util-linux's `setpriv --pdeathsig KILL`, which asks the kernel to SIGKILL the child when the
// thread that started it ends: the process dying, however it dies, or its worker thread being terminated. Where
// setpriv is missing (or too old to know --pdeathsig) tools start as before, and only an orderly end stops them.

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
  return setpriv ? [setpriv, ...PARENT_DEATH_SIGNAL, program, ...args] : [program, ...args];
}
