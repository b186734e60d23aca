// A long recording shaped like a browser's: flite speech looped to the length asked for, encoded as Opus in WebM at
// the recorder's bitrate (web/src/components/recorder/use-recorder.ts asks MediaRecorder for 48 kbps) and written
// through a pipe, so that, as from MediaRecorder, the WebM header carries no duration.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SENTENCES =
  "Let us review the retirement portfolio today. The college savings plan is doing well. Please send the tax documents next week.";

export async function makeOpusRecording(path: string, seconds: number, kbps = 48): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "cm-bench-speech-"));
  try {
    const speech = join(dir, "speech.wav");
    const flite = Bun.spawn(["flite", "-voice", "rms", "-t", SENTENCES, "-o", speech], { stderr: "pipe" });
    if ((await flite.exited) !== 0) throw new Error(`flite failed: ${await new Response(flite.stderr).text()}`);
    // Decoder to raw WAV on a pipe (no length known), then the encoder to WebM on a pipe (no duration written).
    const cmd = [
      "bash",
      "-c",
      'ffmpeg -nostdin -v error -stream_loop -1 -i "$1" -t "$2" -ar 48000 -ac 1 -f wav - | ' +
        'ffmpeg -nostdin -v error -f wav -i - -c:a libopus -b:a "$4"k -f webm - > "$3"',
      "opus-recording",
      speech,
      String(seconds),
      path,
      String(kbps),
    ];
    const encode = Bun.spawn(cmd, { stderr: "pipe" });
    if ((await encode.exited) !== 0) throw new Error(`ffmpeg failed: ${await new Response(encode.stderr).text()}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
