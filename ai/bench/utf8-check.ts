// How long the transcript reader's UTF-8 check and decoding take on a 14 MB transcript (the size of a long day's
// export): valid UTF-8 with accents and emoji, and the same with one Windows-1252 byte at its end (the whole text
// is checked before the fallback). Median of 9 runs. The hand-written check it replaced took about 18 times as long.
//   bun run ai/bench/utf8-check.ts

import { isUtf8 } from "node:buffer";
import { decodeLenient } from "../src/transcript/decode-lines";

const LINE = "00:01:02.500 --> 00:01:04.000\nZoë Müller: Let's review the portfolio, café at 10 — ok 👍\n\n";
const SIZE = 14 * 1024 * 1024;
const utf8Text = new TextEncoder().encode(LINE.repeat(Math.ceil(SIZE / LINE.length))).subarray(0, SIZE - 8);
// Cut on a line break so no sequence is split; then one 0xe9 ("é" in Windows-1252) makes it not UTF-8.
const valid = utf8Text.subarray(0, utf8Text.lastIndexOf(0x0a) + 1);
const notUtf8 = new Uint8Array(valid.length + 1);
notUtf8.set(valid);
notUtf8[valid.length] = 0xe9;

function medianMs(step: (bytes: Uint8Array) => unknown, bytes: Uint8Array): number {
  const times: number[] = [];
  for (let run = 0; run < 9; run++) {
    const started = performance.now();
    step(bytes);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[4]!;
}

const row = (name: string, bytes: Uint8Array) =>
  `| ${name} | ${medianMs(isUtf8, bytes).toFixed(1)} ms | ${medianMs(decodeLenient, bytes).toFixed(1)} ms |`;
console.log(`| input (${(valid.length / 1024 / 1024).toFixed(1)} MB) | UTF-8 check (isUtf8) | check and decode |`);
console.log("| --- | --- | --- |");
console.log(row("valid UTF-8", valid));
console.log(row("Windows-1252 byte at the end", notUtf8));
