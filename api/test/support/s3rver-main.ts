// A real S3-compatible server (s3rver, from npm) for the storage tests: run by ./s3-server.ts in its own process, so
// a test can kill it mid-upload. Arguments: data folder, port (0: a free one), bucket. Prints "listening <port>".
import S3rver from "s3rver";

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
