import { expect, test } from "bun:test";
import { readStorageConfig } from "./config-storage";

const keys = { S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };

test("recordings stay in the data folder unless S3_BUCKET is set", () => {
  expect(readStorageConfig({})).toEqual({ kind: "local" });
  expect(readStorageConfig({ ...keys, S3_ENDPOINT: "http://minio:9000" })).toEqual({ kind: "local" });
});

test("S3_BUCKET with its endpoint, region and keys selects the bucket", () => {
  const config = readStorageConfig({ ...keys, S3_BUCKET: "rec", S3_ENDPOINT: "http://minio:9000", S3_REGION: "eu" });
  expect(config).toMatchObject({
    kind: "s3",
    bucket: "rec",
    endpoint: "http://minio:9000",
    region: "eu",
    accessKeyId: "id",
    secretAccessKey: "secret",
  });
  expect(readStorageConfig({ S3_BUCKET: "rec", AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "b" })).toMatchObject({
    kind: "s3",
    endpoint: undefined,
    accessKeyId: "a",
  });
});

test("a bucket without keys, or an endpoint that is no http(s) URL, stops start-up naming the variable", () => {
  expect(() => readStorageConfig({ S3_BUCKET: "rec" })).toThrow("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  expect(() => readStorageConfig({ ...keys, S3_BUCKET: "rec", S3_ENDPOINT: "minio:9000" })).toThrow("S3_ENDPOINT");
  expect(() => readStorageConfig({ ...keys, S3_BUCKET: "rec", S3_ENDPOINT: "file:///etc" })).toThrow("S3_ENDPOINT");
});
