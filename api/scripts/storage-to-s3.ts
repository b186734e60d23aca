// Moves a data folder's recordings into the S3 bucket the S3_* variables name (docs/operating.md, "Recording
// storage"): each file streamed under the same key, verified by size and SHA-256, safe to run again and to interrupt.
//
//   S3_BUCKET=... S3_ENDPOINT=... S3_ACCESS_KEY_ID=... S3_SECRET_ACCESS_KEY=... DATA_DIR=./data bun run storage:to-s3
//   ... bun run storage:to-s3 --delete-local      also delete each local file once its copy is verified
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { readStorageConfig } from "../src/config-storage";
import { moveRecordingsToS3 } from "../src/storage/move-to-s3";

const { values } = parseArgs({ options: { "delete-local": { type: "boolean", default: false } } });

let exitCode = 0;
try {
  const config = readStorageConfig(process.env);
  if (config.kind !== "s3") throw new Error("set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)");
  const report = await moveRecordingsToS3({
    dataDir: resolve(process.env.DATA_DIR || "./data"),
    config,
    deleteLocal: values["delete-local"] ?? false,
    log: (line) => console.log(line),
  });
  if (report.failed.length > 0) exitCode = 1;
} catch (error) {
  console.error(`storage:to-s3: ${(error as Error).message}`);
  exitCode = 1;
}
process.exit(exitCode);
