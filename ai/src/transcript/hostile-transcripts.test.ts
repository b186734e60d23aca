// Crafted files must parse in time linear in their size: each is 1 MB and must parse well within 2 s (a
// quadratic or backtracking parser takes minutes). A realistic 10 MB file parses from a stream; more is refused.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  boundFromBaseline,
  measureBaselineMs,
  measureSyncBaselineMs,
  timeMs,
} from "../../test-support/timing-baseline";
import { parseTranscript, readTranscriptFile } from "./parse-transcript";
import { parseTranscriptStream, readTranscriptFromFile } from "./read-transcript-stream";
import { MAX_TRANSCRIPT_BYTES } from "./transcript-errors";

const MB = 1024 * 1024;
const encode = (text: string) => new TextEncoder().encode(text);
const HEAD = "WEBVTT\n\n00:00.000 --> 00:01.000\n";
const fill = (prefix: string, unit: string, bytes: number) =>
  prefix + unit.repeat(Math.ceil((bytes - prefix.length) / unit.length));
const dir = mkdtempSync(join(tmpdir(), "cm-transcripts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function timed(run: () => unknown): number {
  const started = performance.now();
  try {
    run();
  } catch {
    // Refusing a crafted file is fine; taking long is not.
  }
  return performance.now() - started;
}

/** Every way the tests below read a file, once each. */
const readEveryWay = (file: string) => () => {
  readTranscriptFile(encode(file));
  parseTranscript(file, "vtt");
  parseTranscript(file, "txt");
};

describe("crafted input parses in linear time", () => {
  // Baselines, taken in this run on this machine (docs/testing.md): a realistic quarter of the size read every
  // way, times four; for the small file, twenty of them, so the baseline lasts long enough to see a busy machine.
  let smallMs = 0;
  let megabyteMs = 0;
  beforeAll(() => {
    const small = realisticVtt(400);
    smallMs = measureSyncBaselineMs(() => {
      for (let i = 0; i < 20; i++) readTranscriptFile(encode(small));
    }, 3);
    megabyteMs = 4 * measureSyncBaselineMs(readEveryWay(realisticVtt(MB / 4)), 3);
  });

  test("the 363-byte <v.a.a.a... file that used to stall the process", () => {
    const file = HEAD + Array.from({ length: 5 }, () => `<v${".a".repeat(30)}\n`).join("");
    expect(file.length).toBeLessThan(400);
    expect(timed(() => readTranscriptFile(encode(file)))).toBeLessThan(
      boundFromBaseline(smallMs, { factor: 3, floorMs: 50 }),
    );
  });

  const crafted: [string, string][] = [
    ["<v.a.a.a... on one line", fill(`${HEAD}<v`, ".a", MB)],
    ["<v.a.a.a... on many lines", fill(HEAD, `<v${".a".repeat(30)}\n`, MB)],
    ["a run of <", fill(HEAD, "<", MB)],
    ["a run of <v and spaces", fill(HEAD, "<v ", MB)],
    ["a run of &", fill(HEAD, "&", MB)],
    ["a run of &# and letters", fill(HEAD, "&#x1a2b", MB)],
    ["a run of -->", fill(HEAD, "-->", MB)],
    ["lines of -->", fill(HEAD, "x -->\n", MB)],
    ["a run of :", fill("", ":", MB)],
    ["a run of digits", fill("", "0", MB)],
    ["a run of digits and colons", fill(HEAD, "0:", MB)],
    ["timing-like lines without end", fill("WEBVTT\n\n", "00:00:00.000 --> 00:00:00.000 -->\n", MB)],
    ["a run of spaces", fill("Ann: ", " ", MB)],
    ["a run of {\\ (ASS overrides without end)", fill("1\n00:00:01,000 --> 00:00:02,000\n", "{\\", MB)],
    ["capitalised words before a far colon", fill("", "Ann ", MB)],
    ["mojibake lead characters", fill("", "Ãâ€", MB)],
    ["carriage returns only", fill("WEBVTT\r\r00:00.000 --> 00:01.000\r", "a\r", MB)],
    ["one 1 MB cue line of text", fill(HEAD, "word ", MB)],
    ["SRT counters without timings", fill("1\n00:00:01,000 --> 00:00:02,000\n", "7\n", MB)],
  ];
  for (const [name, file] of crafted) {
    test(`${name} (1 MB)`, () => {
      const bound = boundFromBaseline(megabyteMs, { factor: 10, floorMs: 2000 });
      expect(timed(() => readTranscriptFile(encode(file)))).toBeLessThan(bound);
      expect(timed(() => parseTranscript(file, "vtt"))).toBeLessThan(bound);
      expect(timed(() => parseTranscript(file, "txt"))).toBeLessThan(bound);
    });
  }
});

/** A realistic VTT file of about `bytes` bytes: numbered cues, two speakers, an entity per cue. */
function realisticVtt(bytes: number): string {
  const time = (seconds: number) =>
    [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60]
      .map((n) => String(n).padStart(2, "0"))
      .join(":");
  const parts = ["WEBVTT\n\n"];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes - 200; i++) {
    const speaker = i % 2 ? "Dana Whitfield" : "Marcus Okafor";
    const cue = `${i + 1}\n${time(i * 5)}.000 --> ${time(i * 5 + 5)}.000\n<v ${speaker}>We reviewed the rollover, the trust &amp; the taxes.</v>\n\n`;
    parts.push(cue);
    size += cue.length;
  }
  return parts.join("");
}

describe("size", () => {
  test("a realistic 10 MB file parses from a stream in well under a couple of seconds", async () => {
    const path = join(dir, "ten.vtt");
    const file = realisticVtt(MAX_TRANSCRIPT_BYTES);
    writeFileSync(path, file);
    // Baseline: a tenth of the size read the same way in this run, scaled by ten (docs/testing.md).
    const tenthPath = join(dir, "tenth.vtt");
    writeFileSync(tenthPath, realisticVtt(MAX_TRANSCRIPT_BYTES / 10));
    const tenth = await measureBaselineMs(() => readTranscriptFromFile(tenthPath), 3);
    let transcript: Awaited<ReturnType<typeof readTranscriptFromFile>> | undefined;
    const ms = await timeMs(async () => {
      transcript = await readTranscriptFromFile(path);
    });
    expect(ms).toBeLessThan(boundFromBaseline(10 * tenth, { factor: 3, floorMs: 5000 }));
    if (!transcript) throw new Error("no transcript");
    expect(transcript.segments.length).toBe(file.split("-->").length - 1);
    expect(transcript.segments.at(-1)?.text).toBe("We reviewed the rollover, the trust & the taxes.");
  }, 20_000);

  test("chunk boundaries anywhere (inside CRLF, inside a UTF-8 character) change nothing", async () => {
    const text =
      "\uFEFFWEBVTT\r\n\r\n00:00.000 --> 00:01.000\r\n<v Zoë>Café “ok” 中文\r\n\r\n00:01.000 --> 00:02.000\rÃ©tÃ©\n";
    const bytes = encode(text);
    const whole = parseTranscript(text, "vtt");
    for (let size = 1; size <= 7; size++) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
          controller.close();
        },
      });
      expect((await parseTranscriptStream(stream)).transcript).toEqual(whole);
    }
    expect(whole.segments.map((s) => s.text)).toEqual(["Café “ok” 中文", "été"]);
  });

  test("over 10 MB is refused while reading, and by the byte reader", async () => {
    const path = join(dir, "eleven.txt");
    writeFileSync(path, "a".repeat(MAX_TRANSCRIPT_BYTES + 1));
    await expect(readTranscriptFromFile(path)).rejects.toThrow("too large");
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encode("Ann: more words\n".repeat(4096)));
      },
    });
    await expect(parseTranscriptStream(endless)).rejects.toThrow("too large");
    expect(() => readTranscriptFile(new Uint8Array(MAX_TRANSCRIPT_BYTES + 1).fill(0x61))).toThrow("too large");
  });
});
