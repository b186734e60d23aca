import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signInDemo } from "./support/sign-in-demo";
import {
  idleRssMb,
  postFileWithCurl,
  sampleRss,
  spawnServer,
  stopServer,
  writeMultipartFile,
} from "./support/upload-harness";

const MB = Number(process.argv[2] ?? 500);
const cpu = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
};
const dir = mkdtempSync(join(tmpdir(), "cm-cpu-probe-"));
const child = await spawnServer(
  "api/src/main.ts",
  {
    NODE_ENV: "production",
    DATA_DIR: dir,
    WORKER: "off",
    DEMO_ACCOUNT: "on",
    SPEECH_BASE_URL: "http://127.0.0.1:9/v1",
  },
  "/api/health",
);
try {
  const { cookie, clientId } = await signInDemo(child.url);
  const meeting = { title: "x", date: "2026-05-04T12:00:00Z", type: "Uploaded", clientId };
  const small = join(dir, "small.bin");
  const big = join(dir, "big.bin");
  const { headers: hs } = await writeMultipartFile(meeting, "a.wav", 1024 * 1024, small);
  const { headers } = await writeMultipartFile(meeting, "a.wav", MB * 1024 * 1024, big);
  await postFileWithCurl(`${child.url}/api/meetings/upload`, small, { ...hs, cookie });
  for (let i = 0; i < 3; i++) {
    const base = await idleRssMb(child.proc.pid, 2000);
    const sampler = sampleRss(child.proc.pid);
    const c0 = cpu(child.proc.pid);
    const t0 = performance.now();
    const r = await postFileWithCurl(`${child.url}/api/meetings/upload`, big, { ...headers, cookie });
    const { peakMb } = sampler.stop();
    console.log(
      process.env.LABEL,
      r.status,
      "cpu s",
      (cpu(child.proc.pid) - c0).toFixed(2),
      "wall s",
      ((performance.now() - t0) / 1000).toFixed(2),
      "growth MB",
      (peakMb - base).toFixed(0),
    );
  }
} finally {
  await stopServer(child);
  rmSync(dir, { recursive: true, force: true });
}
