// Starts a real S3-compatible server (s3rver) on 127.0.0.1 in a temporary folder, in a child process: the storage
// tests run the S3 backend against it, and the fault tests stop it mid-upload and start it again on the same port
// with the same data.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { S3StorageConfig } from "../../src/config-storage";
import { S3_PART_BYTES, S3_PARTS_IN_FLIGHT } from "../../src/config-storage";

/** s3rver checks request signatures (SigV4) against these. */
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";

export interface LoopbackS3 {
  /** The S3_* variables pointing at this server, as an operator sets them. */
  env: Record<string, string>;
  config: S3StorageConfig;
  /** Ends the server at once (SIGKILL): requests in flight fail as at a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const SCRIPT = join(import.meta.dir, "s3rver-main.ts");

async function spawn(dir: string, port: number, bucket: string) {
  const child = Bun.spawn([process.execPath, SCRIPT, dir, String(port), bucket], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  let said = "";
  const deadline = Date.now() + 15_000;
  while (!/listening (\d+)/.test(said)) {
    if (Date.now() > deadline) throw new Error(`s3rver did not start: ${said}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`s3rver exited: ${said}`);
    said += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return { child, port: Number(/listening (\d+)/.exec(said)![1]) };
}

export async function startLoopbackS3(bucket = "recordings-test"): Promise<LoopbackS3> {
  const dir = mkdtempSync(join(tmpdir(), "cm-s3rver-"));
  let { child, port } = await spawn(dir, 0, bucket);
  const endpoint = `http://127.0.0.1:${port}`;
  const kill = async () => {
    child.kill("SIGKILL");
    await child.exited;
  };
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: SECRET_KEY },
    config: {
      kind: "s3",
      bucket,
      endpoint,
      region: undefined,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET_KEY,
      partSize: S3_PART_BYTES,
      queueSize: S3_PARTS_IN_FLIGHT,
    },
    kill,
    async restart() {
      ({ child } = await spawn(dir, port, bucket));
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
