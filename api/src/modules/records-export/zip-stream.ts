// A zip written as it goes, entries stored without compression (what an examiner unpacks with any tool, and what
// lets each file's bytes pass straight through): ZIP64 local headers with data descriptors, so no size or CRC is
// needed before a file's bytes and no file or archive size limit applies (PKWARE APPNOTE 6.3, sections 4.3 and 4.5).
// Only the central directory (about 150 bytes an entry) is held until the end.
import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";

const ZIP64_VERSION = 45;
/** Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8. */
const FLAGS = 0x0808;
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;

interface CentralEntry {
  name: Uint8Array;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

export interface WrittenEntry {
  path: string;
  bytes: number;
  sha256: string;
}

/** Date and time in MS-DOS form (local fields, two-second steps, years from 1980), in UTC. */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

const encoder = new TextEncoder();

/**
 * Writes zip entries one after another to `write` (which should wait while the reader is behind). Each entry's
 * SHA-256 is computed as its bytes pass, for the manifest.
 */
export class ZipStream {
  private offset = 0;
  private readonly central: CentralEntry[] = [];

  constructor(
    private readonly write: (chunk: Uint8Array) => Promise<void>,
    private readonly at = new Date(),
  ) {}

  private async emit(chunk: Uint8Array) {
    if (chunk.byteLength === 0) return;
    this.offset += chunk.byteLength;
    await this.write(chunk);
  }

  /** One file, its content given as text, bytes or a stream of bytes. */
  async add(path: string, content: string | Uint8Array | AsyncIterable<Uint8Array>): Promise<WrittenEntry> {
    const name = encoder.encode(path);
    const { time, date } = dosTime(this.at);
    const offset = this.offset;
    const header = new DataView(new ArrayBuffer(30 + name.byteLength + 20));
    header.setUint32(0, 0x04034b50, true);
    header.setUint16(4, ZIP64_VERSION, true);
    header.setUint16(6, FLAGS, true);
    header.setUint16(8, 0, true); // stored
    header.setUint16(10, time, true);
    header.setUint16(12, date, true);
    header.setUint32(14, 0, true); // CRC in the descriptor
    header.setUint32(18, MAX32, true); // sizes in the ZIP64 field and the descriptor
    header.setUint32(22, MAX32, true);
    header.setUint16(26, name.byteLength, true);
    header.setUint16(28, 20, true);
    new Uint8Array(header.buffer).set(name, 30);
    header.setUint16(30 + name.byteLength, 0x0001, true);
    header.setUint16(32 + name.byteLength, 16, true); // two zero sizes: known only after the data
    await this.emit(new Uint8Array(header.buffer));

    const hash = createHash("sha256");
    let crc = 0;
    let size = 0;
    const pass = async (bytes: Uint8Array) => {
      hash.update(bytes);
      crc = crc32(bytes, crc);
      size += bytes.byteLength;
      await this.emit(bytes);
    };
    if (typeof content === "string") await pass(encoder.encode(content));
    else if (content instanceof Uint8Array) await pass(content);
    else for await (const chunk of content) await pass(chunk);

    const descriptor = new DataView(new ArrayBuffer(24));
    descriptor.setUint32(0, 0x08074b50, true);
    descriptor.setUint32(4, crc >>> 0, true);
    descriptor.setBigUint64(8, BigInt(size), true);
    descriptor.setBigUint64(16, BigInt(size), true);
    await this.emit(new Uint8Array(descriptor.buffer));
    this.central.push({ name, crc: crc >>> 0, size, offset, time, date });
    return { path, bytes: size, sha256: hash.digest("hex") };
  }

  /** The central directory and the (ZIP64) end records: the archive is complete after this. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.central) await this.emit(centralHeader(entry));
    const size = this.offset - start;
    const end64At = this.offset;
    const end = new DataView(new ArrayBuffer(56 + 20 + 22));
    end.setUint32(0, 0x06064b50, true);
    end.setBigUint64(4, 44n, true);
    end.setUint16(12, ZIP64_VERSION, true);
    end.setUint16(14, ZIP64_VERSION, true);
    end.setBigUint64(24, BigInt(this.central.length), true);
    end.setBigUint64(32, BigInt(this.central.length), true);
    end.setBigUint64(40, BigInt(size), true);
    end.setBigUint64(48, BigInt(start), true);
    end.setUint32(56, 0x07064b50, true); // locator
    end.setBigUint64(64, BigInt(end64At), true);
    end.setUint32(72, 1, true);
    end.setUint32(76, 0x06054b50, true);
    // All-ones in the classic record: readers then take the ZIP64 record's values (some only look when told so).
    end.setUint16(84, MAX16, true);
    end.setUint16(86, MAX16, true);
    end.setUint32(88, MAX32, true);
    end.setUint32(92, MAX32, true);
    await this.emit(new Uint8Array(end.buffer));
  }
}

function centralHeader(entry: CentralEntry): Uint8Array {
  const view = new DataView(new ArrayBuffer(46 + entry.name.byteLength + 28));
  view.setUint32(0, 0x02014b50, true);
  view.setUint16(4, ZIP64_VERSION, true);
  view.setUint16(6, ZIP64_VERSION, true);
  view.setUint16(8, FLAGS, true);
  view.setUint16(10, 0, true);
  view.setUint16(12, entry.time, true);
  view.setUint16(14, entry.date, true);
  view.setUint32(16, entry.crc, true);
  view.setUint32(20, MAX32, true);
  view.setUint32(24, MAX32, true);
  view.setUint16(28, entry.name.byteLength, true);
  view.setUint16(30, 28, true);
  view.setUint32(42, MAX32, true); // offset in the ZIP64 field
  new Uint8Array(view.buffer).set(entry.name, 46);
  const extra = 46 + entry.name.byteLength;
  view.setUint16(extra, 0x0001, true);
  view.setUint16(extra + 2, 24, true);
  view.setBigUint64(extra + 4, BigInt(entry.size), true);
  view.setBigUint64(extra + 12, BigInt(entry.size), true);
  view.setBigUint64(extra + 20, BigInt(entry.offset), true);
  return new Uint8Array(view.buffer);
}
