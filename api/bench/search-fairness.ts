// `bun run bench search-fairness`: one account floods Meeting Intelligence (parallel questions, each with a
// 20-turn × 20,000-character history) while another account asks; prints the other account's latency alone and under
// the flood, on the embedded database and on native PostgreSQL, against `bun run start` (the production process,
// the sentence encoder on its one thread). Everything talks to 127.0.0.1.
// Options: --db=embedded,native --workers=6 --questions=3 --turns=20 --chars=20000
//          --root=PATH (run the server of another checkout, e.g. an older commit, to measure "before")
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@cm/db";
import { rawRequest } from "../test/support/production-process";
import { type FairnessResult, measureFairness, median } from "../test/support/search-fairness";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
) as Record<string, string>;
const targets = (args.db ?? "embedded,native").split(",");
const root = args.root ?? join(import.meta.dir, "..", "..");
const NATIVE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const options = {
  floodWorkers: Number(args.workers ?? 6),
  questions: Number(args.questions ?? 3),
  historyTurns: Number(args.turns ?? 20),
  turnChars: Number(args.chars ?? 20_000),
};

function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

/** `bun run start` of `root` on a free loopback port; resolves once /api/health answers. */
async function startProduction(env: Record<string, string>) {
  const port = freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "cm-bench-fairness-"));
  const proc = Bun.spawn(["bun", "run", "start"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...env,
    },
    stdout: "ignore",
    stderr: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`bun run start exited with ${proc.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error("bun run start did not answer within 180 s");
    await Bun.sleep(200);
  }
  return {
    dataDir,
    request: (path: string, init?: Parameters<typeof rawRequest>[2]) => rawRequest(url, path, init),
    async stop() {
      proc.kill("SIGTERM");
      await Promise.race([proc.exited, Bun.sleep(20_000)]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measureOn(target: string): Promise<FairnessResult> {
  // The per-minute limit is set high so that the queue alone is measured.
  const env: Record<string, string> = { SEARCH_LIMIT_PER_MINUTE: "100000" };
  let dropDatabase = async () => {};
  if (target === "native") {
    const name = `cm_bench_fairness_${randomBytes(4).toString("hex")}`;
    const admin = (await openDatabase({ url: NATIVE_URL, max: 1 })).sql;
    await admin.unsafe(`create database ${name}`);
    env.DATABASE_URL = NATIVE_URL.replace(/\/[^/]*$/, `/${name}`);
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const server = await startProduction(env);
  try {
    return await measureFairness(server, options);
  } finally {
    await server.stop();
    await dropDatabase();
  }
}

const ms = (values: number[]) => `${Math.round(median(values))} (${values.map(Math.round).join("/")})`;
console.log(`server: ${root}`);
console.log(
  `flood: ${options.floodWorkers} parallel questions of one account, ${options.historyTurns} turns × ${options.turnChars} characters of history each`,
);
console.log("| database | other account alone, ms (median; each) | under the flood, ms | slowdown | flood 200 / 429 |");
console.log("|---|---|---|---|---|");
for (const target of targets) {
  const result = await measureOn(target);
  const slowdown = median(result.underFloodMs) / median(result.aloneMs);
  console.log(
    `| ${target} | ${ms(result.aloneMs)} | ${ms(result.underFloodMs)} | ${slowdown.toFixed(1)}x | ${result.floodStatuses[200] ?? 0} / ${result.floodStatuses[429] ?? 0} |`,
  );
}
