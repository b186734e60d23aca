// A second file whose headers arrive while the first file is still being opened (a busy disk, a network store)
// is refused, and nothing is left stored. The receiver is driven directly with a store that takes its time.
import { expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FileStorage } from "../../storage/file-storage";
import { createLocalStorage } from "../../storage/local-storage";
import { receiveUpload } from "./receive-upload";

test("a second file arriving while the first is being opened is refused and nothing is stored", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cm-slow-store-"));
  try {
    const local = createLocalStorage(dir);
    const slow: FileStorage = {
      ...local,
      create: async (extension, options) => {
        await Bun.sleep(300);
        return local.create(extension, options);
      },
    };
    const boundary = "----hostileBoundary";
    const meetingData = JSON.stringify({ title: "Two files", clientId: 1, date: "2026-05-04T12:00:00Z" });
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="meetingData"\r\n\r\n${meetingData}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n` +
      `Ann: ${"words ".repeat(1000)}`;
    const tail =
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="b.txt"\r\n\r\nBob: two\r\n` +
      `--${boundary}--\r\n`;
    const parts = [head, tail];
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = parts.shift();
        if (next === undefined) return controller.close();
        if (next === tail) await Bun.sleep(100);
        controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const request = new Request("http://localhost/api/meetings/upload", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const received = receiveUpload(request, slow, {
      maxBytes: 10 * 1024 * 1024,
      canTranscribe: false,
      speechNotConfiguredMessage: "no speech service",
      copyDir: join(dir, "copies"),
    });
    await expect(received).rejects.toMatchObject({ status: 400, message: expect.stringContaining("exactly one file") });
    expect(readdirSync(join(dir, "recordings"))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
