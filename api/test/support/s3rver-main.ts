// A real S3-compatible server (s3rver, from npm) for the storage tests: run by ./s3-server.ts in its own process, so
// a test can kill it mid-upload. Arguments: data folder, port (0: a free one), bucket. Prints "listening <port>".
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import { dirname } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import S3rver from "s3rver";
import FilesystemStore from "s3rver/lib/stores/filesystem";

// s3rver 3.7 answers a PUT (and a completed multipart upload) once the body is read, before its file is written, and
// truncates an existing object in place: a read right after can see a short or old file, where S3 and MinIO promise
// read-after-write consistency (the storage:to-s3 test's re-upload met it). Its object store is made to write a new
// file beside the old one and rename it over before answering; nothing else of the server changes.
FilesystemStore.prototype.putObject = async function putObject(
  this: FilesystemStore,
  object: { bucket: string; key: string; content: Buffer | Readable; metadata: Record<string, string> },
) {
  const objectPath = this.getResourcePath(object.bucket, object.key, "object");
  await mkdir(dirname(objectPath), { recursive: true });
  const incoming = `${objectPath}.incoming-${randomBytes(6).toString("hex")}`;
  const md5 = createHash("md5");
  let size = 0;
  const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(source, count, createWriteStream(incoming));
  await rename(incoming, objectPath);
  const digest = md5.digest("hex");
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
};

const [directory, port, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket!, configs: [] }],
});
const address = await server.run();
console.log(`listening ${address.port}`);
