import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { patterned as bytes } from "../../test/support/patterned-bytes";
import { openLocalFileWriter } from "./local-file-writer";

const dir = mkdtempSync(join(tmpdir(), "cm-writer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("local file writer", () => {
  test("chunks of any size (smaller than a block, across blocks, several blocks at once) land in order", async () => {
    const sizes = [1, 4095, 65_536, 1_048_576, 3_000_001, 7, 2_097_152, 65_537, 123];
    const chunks = sizes.map((size, i) => bytes(size, i + 1));
    const path = join(dir, "ordered.bin");
    const writer = await openLocalFileWriter(path);
    for (const chunk of chunks) await writer.write(chunk);
    await writer.finish(true);
    expect(Buffer.compare(readFileSync(path), Buffer.concat(chunks))).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  test("an empty file is written as empty", async () => {
    const path = join(dir, "empty.bin");
    const writer = await openLocalFileWriter(path);
    await writer.finish(false);
    expect(statSync(path).size).toBe(0);
  });

  test("the file is created exclusively: an existing one is never overwritten", async () => {
    const path = join(dir, "taken.bin");
    const first = await openLocalFileWriter(path);
    await first.write(bytes(10, 1));
    await first.finish(false);
    await expect(openLocalFileWriter(path)).rejects.toThrow();
    expect(readFileSync(path).length).toBe(10);
  });

  test("discard while blocks are on their way removes the partial file", async () => {
    const path = join(dir, "discarded.bin");
    const writer = await openLocalFileWriter(path);
    for (let i = 0; i < 6; i++) await writer.write(bytes(1_048_576, i));
    await writer.discard();
    expect(existsSync(path)).toBe(false);
  });
});
