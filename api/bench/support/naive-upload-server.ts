// The naive upload handler the streamed route is compared with: the whole multipart body is read with
// `request.formData()`, then the file is written with `Bun.write`. Started as a child process by
// api/bench/upload.ts (env: PORT, UPLOAD_DIR) so its memory can be read on its own.
import { open } from "node:fs/promises";
import { join } from "node:path";

async function fsyncPath(path: string) {
  const handle = await open(path, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const dir = process.env.UPLOAD_DIR;
if (!dir) throw new Error("UPLOAD_DIR is required");
let count = 0;

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT ?? 0),
  maxRequestBodySize: 600 * 1024 * 1024,
  async fetch(request) {
    if (request.method === "GET") return new Response("ok");
    const form = await request.formData();
    const file = form.get("audioFile");
    if (!(file instanceof File)) return Response.json({ message: "no file" }, { status: 400 });
    const path = join(dir, `upload-${++count}.txt`);
    const size = await Bun.write(path, file);
    // FSYNC=1: as durable as the product's route, which syncs every recording to disk before answering.
    if (process.env.FSYNC === "1") await fsyncPath(path);
    return Response.json({ size, meetingData: form.get("meetingData") }, { status: 201 });
  },
});
console.log(`naive upload server on ${server.url}`);
