// Where recordings are stored (a part of AppConfig, read by loadConfig): the data folder's `recordings/` by default,
// an S3-compatible bucket when S3_BUCKET is set. The names are the ones Bun's S3 client reads; they are read here and
// passed on explicitly, so a test's configuration never picks up the environment's.

export type StorageConfig = { kind: "local" } | S3StorageConfig;

export interface S3StorageConfig {
  kind: "s3";
  bucket: string;
  /** Unset: AWS S3 for the region. MinIO, Ceph, R2 and others take their URL here (path-style requests). */
  endpoint: string | undefined;
  region: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Part size of a multipart upload, and how many parts are sent at once: together, an upload's buffer. */
  partSize: number;
  queueSize: number;
}

type Env = Record<string, string | undefined>;

const MB = 1024 * 1024;
/**
 * 5 MiB parts (S3's smallest), four in flight: about 25 MB of buffer per upload. With 8 MiB parts and three in flight
 * one 500 MB upload grew the server by 50-56 MB, near the 64 MB bound (docs/measurements.md "Uploads").
 */
export const S3_PART_BYTES = 5 * MB;
export const S3_PARTS_IN_FLIGHT = 4;

export function readStorageConfig(env: Env): StorageConfig {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return { kind: "local" };
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+/i.test(endpoint)) {
    throw new Error(`S3_ENDPOINT must be an http:// or https:// URL (such as http://minio:9000), got "${endpoint}"`);
  }
  const accessKeyId = (env.S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID)?.trim();
  const secretAccessKey = (env.S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY)?.trim();
  if (!accessKeyId || !secretAccessKey) {
    throw new Error("S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too");
  }
  return {
    kind: "s3",
    bucket,
    endpoint,
    region: (env.S3_REGION ?? env.AWS_REGION)?.trim() || undefined,
    accessKeyId,
    secretAccessKey,
    partSize: S3_PART_BYTES,
    queueSize: S3_PARTS_IN_FLIGHT,
  };
}
