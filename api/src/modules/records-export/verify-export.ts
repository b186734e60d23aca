// Checks an export against its manifest (`bun run records:verify FILE.zip`): every file's SHA-256 and size, no file
// missing or added, and the export's own digest. Reads the zip's central directory, then each file's bytes as a
// stream from disk: a large export is checked in little memory.
import { createHash } from "node:crypto";
import { exportDigest, MANIFEST_FORMAT, type Manifest } from "./write-export";
import type { WrittenEntry } from "./zip-stream";

interface ZipEntry {
  path: string;
  method: number;
  size: number;
  headerOffset: number;
}

export interface VerifyResult {
  ok: boolean;
  files: number;
  exportSha256: string | null;
  problems: string[];
}

async function readBytes(file: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await file.slice(start, end).arrayBuffer());
}

/** The central directory's entries (ZIP64 or classic). */
async function readEntries(file: Blob): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, file.size - 65_557);
  const tail = await readBytes(file, tailStart, file.size);
  let end = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("not a zip file (no end of central directory)");
  let count = tail.getUint16(end + 10, true);
  let size = tail.getUint32(end + 12, true);
  let offset = tail.getUint32(end + 16, true);
  if (end >= 20 && tail.getUint32(end - 20, true) === 0x07064b50) {
    const at = Number(tail.getBigUint64(end - 20 + 8, true));
    const record = await readBytes(file, at, at + 56);
    if (record.getUint32(0, true) !== 0x06064b50) throw new Error("damaged ZIP64 end record");
    count = Number(record.getBigUint64(32, true));
    size = Number(record.getBigUint64(40, true));
    offset = Number(record.getBigUint64(48, true));
  }
  const directory = await readBytes(file, offset, offset + size);
  const entries: ZipEntry[] = [];
  let at = 0;
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (directory.getUint32(at, true) !== 0x02014b50) throw new Error(`damaged central directory at entry ${n + 1}`);
    const method = directory.getUint16(at + 10, true);
    let entrySize = directory.getUint32(at + 24, true);
    let headerOffset = directory.getUint32(at + 42, true);
    const nameLength = directory.getUint16(at + 28, true);
    const extraLength = directory.getUint16(at + 30, true);
    const commentLength = directory.getUint16(at + 32, true);
    const path = decoder.decode(new Uint8Array(directory.buffer, directory.byteOffset + at + 46, nameLength));
    // ZIP64 extra field: the 64-bit values, in order, of those set to all ones above.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = directory.getUint16(extra, true);
      const length = directory.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        if (entrySize === 0xffffffff) {
          entrySize = Number(directory.getBigUint64(field, true));
          field += 8;
        }
        if (directory.getUint32(at + 20, true) === 0xffffffff) field += 8; // compressed size
        if (headerOffset === 0xffffffff) headerOffset = Number(directory.getBigUint64(field, true));
      }
      extra += 4 + length;
    }
    entries.push({ path, method, size: entrySize, headerOffset });
    at = extraEnd + commentLength;
  }
  return entries;
}

/** One stored entry's bytes, as a stream from the file. */
async function entryStream(file: Blob, entry: ZipEntry): Promise<ReadableStream<Uint8Array>> {
  const header = await readBytes(file, entry.headerOffset, entry.headerOffset + 30);
  if (header.getUint32(0, true) !== 0x04034b50) throw new Error(`${entry.path}: damaged local header`);
  const start = entry.headerOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  return file.slice(start, start + entry.size).stream();
}

async function digestOf(stream: ReadableStream<Uint8Array>): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    bytes += chunk.byteLength;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** Checks the zip at `path` against the manifest.json it holds. */
export async function verifyExport(path: string): Promise<VerifyResult> {
  const file = Bun.file(path);
  const problems: string[] = [];
  const entries = await readEntries(file);
  const manifestEntry = entries.find((entry) => entry.path === "manifest.json");
  if (!manifestEntry) return { ok: false, files: 0, exportSha256: null, problems: ["manifest.json is missing"] };
  if (manifestEntry.method !== 0) throw new Error("manifest.json is compressed: verify the export as it was made");
  const manifest = JSON.parse(await new Response(await entryStream(file, manifestEntry)).text()) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT) problems.push(`unknown manifest format ${String(manifest.format)}`);
  const listed = new Map<string, WrittenEntry>(manifest.files.map((entry) => [entry.path, entry]));
  for (const entry of entries) {
    if (entry.path === "manifest.json") continue;
    const expected = listed.get(entry.path);
    if (!expected) {
      problems.push(`${entry.path}: in the zip but not in the manifest`);
      continue;
    }
    listed.delete(entry.path);
    if (entry.method !== 0) {
      problems.push(`${entry.path}: compressed after the export was made`);
      continue;
    }
    const actual = await digestOf(await entryStream(file, entry));
    if (actual.sha256 !== expected.sha256) problems.push(`${entry.path}: SHA-256 differs from the manifest`);
    else if (actual.bytes !== expected.bytes) problems.push(`${entry.path}: size differs from the manifest`);
  }
  for (const missing of listed.keys()) problems.push(`${missing}: in the manifest but missing from the zip`);
  if (exportDigest(manifest.files) !== manifest.exportSha256) {
    problems.push("manifest.json: the export's own SHA-256 does not match its list of files");
  }
  return { ok: problems.length === 0, files: manifest.files.length, exportSha256: manifest.exportSha256, problems };
}
