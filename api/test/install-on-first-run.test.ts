// A fresh clone: `bun run dev` before any `bun install` installs the locked dependencies itself, then serves (it used
// to stop with "Start-up failed: Bundle failed"). The copy is the working tree without node_modules; bun's package
// cache is on this machine, so the install links from it.
import { afterAll, expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const root = join(import.meta.dir, "..", "..");
const copy = mkdtempSync(join(tmpdir(), "cm-fresh-clone-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** The project's files as a clone has them: tracked and new files, nothing ignored (node_modules, builds, data). */
function copyWorkingTree() {
  const listed = Bun.spawnSync(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root });
  for (const file of listed.stdout.toString().split("\0")) {
    if (!file || !existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
}

/** What bun install may need from this machine (its cache, a registry or proxy), and nothing of the test run's own. */
const INSTALL_SETTING =
  /^(PATH|HOME|TMPDIR|BUN_[A-Z_]+|npm_config_[a-z_]+|NPM_CONFIG_[A-Z_]+|(HTTPS?|NO|ALL)_PROXY|(https?|no|all)_proxy)$/;

function installSettings(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => INSTALL_SETTING.test(entry[0]) && entry[1] !== undefined,
    ),
  );
}

function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port as number;
  probe.stop(true);
  return port;
}

test("package.json: dev, start and test check the installed dependencies before anything else", () => {
  const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  for (const name of ["dev", "start", "test"]) {
    expect(scripts[name]?.startsWith("bun run api/scripts/install-if-missing.ts && ")).toBe(true);
  }
});

test("bun run dev in a fresh clone installs the locked dependencies, then serves the app", async () => {
  copyWorkingTree();
  expect(existsSync(join(copy, "node_modules"))).toBe(false);
  const port = freePort();
  const dev = Bun.spawn(["bun", "run", "dev"], {
    cwd: copy,
    // Its own process group, so the whole tree (bun run, dev.ts, the watched server) is stopped together.
    detached: true,
    env: {
      ...installSettings(),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(copy, "data"),
      WORKER: "off",
      DEMO_ACCOUNT: "off",
      LOCAL_EMBEDDER: "hashing",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output: string[] = [];
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output.push(new TextDecoder().decode(chunk));
  };
  void collect(dev.stdout);
  void collect(dev.stderr);
  try {
    // Bounded: the install links from bun's cache and the first start builds the client.
    const deadline = Date.now() + 150_000;
    let page: Response | undefined;
    while (Date.now() < deadline && dev.exitCode === null) {
      page = await fetch(`http://127.0.0.1:${port}/login`).catch(() => undefined);
      if (page?.status === 200) break;
      await Bun.sleep(250);
    }
    const log = output.join("");
    expect({ status: page?.status, exitCode: dev.exitCode }).toEqual({ status: 200, exitCode: null });
    expect(await page!.text()).toContain("Sign in");
    expect(log).toContain("[install] no dependencies yet: bun install --frozen-lockfile");
    expect(log).not.toContain("Start-up failed");
    expect(readFileSync(join(copy, "node_modules", ".clearminute-lock"), "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
  } finally {
    if (dev.exitCode === null) process.kill(-dev.pid, "SIGTERM");
    await dev.exited;
  }
}, 200_000);
