// The recording test's microphone: headless Chromium's fake capture device, fed flite's speech, gives the page a
// MediaRecorder that records Opus in WebM; the chunks the tap copies out are the recording, decoded to the length
// recorded, and pocketsphinx hears the spoken words in it. Skipped, saying so, without flite, ffmpeg or pocketsphinx.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Server } from "bun";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { findPocketsphinx, transcribeWithPocketsphinx } from "../../ai/src/local/pocketsphinx";
import { hasOfflineSpeechTools } from "../../ai/test-support/speak";
import { launchBrowserWithMicrophone, makeMicrophoneSpeech } from "./fake-microphone";
import { type RecorderTap, tapRecorders } from "./recorder-tap";

const toolsReady = hasOfflineSpeechTools();

describe.skipIf(!toolsReady)("fake microphone", () => {
  let dir: string;
  let server: Server<undefined>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tap: RecorderTap;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "cm-e2e-mic-"));
    const speech = await makeMicrophoneSpeech(dir, ["Let us review the retirement portfolio today."], 8);
    // getUserMedia needs a secure context: http on 127.0.0.1 is one, about:blank is not.
    server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => new Response("<!doctype html><title>mic</title>", { headers: { "content-type": "text/html" } }),
    });
    browser = await launchBrowserWithMicrophone(speech.path);
    context = await browser.newContext();
    tap = await tapRecorders(context);
    page = await context.newPage();
    await page.goto(server.url.href);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    server?.stop(true);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("MediaRecorder records the speech as Opus in WebM, and the tap copies the recording whole", async () => {
    const recorded = await page.evaluate(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream, { mimeType: "audio/webm;codecs=opus" });
      const parts: Blob[] = [];
      recorder.ondataavailable = (event) => parts.push(event.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start(1000);
      await new Promise((resolve) => setTimeout(resolve, 4000));
      recorder.stop();
      await stopped;
      stream.getTracks().forEach((track) => {
        track.stop();
      });
      return { mimeType: recorder.mimeType, size: new Blob(parts).size, parts: parts.length };
    });
    expect(recorded.mimeType).toBe("audio/webm;codecs=opus");
    expect(recorded.parts).toBeGreaterThanOrEqual(4);
    const deadline = Date.now() + 5000;
    while (tap.chunks.length < recorded.parts && Date.now() < deadline) await Bun.sleep(50);
    const [recorder] = tap.recorders();
    expect(tap.recorders()).toHaveLength(1);
    expect(tap.recording(recorder!).length).toBe(recorded.size);
    const file = join(dir, "recorded.webm");
    const seconds = await tap.recordedSeconds(recorder!, file);
    expect(seconds).toBeGreaterThan(3.5);
    expect(seconds).toBeLessThan(4.6);
    const cli = findPocketsphinx(process.env.POCKETSPHINX_PATH);
    const transcript = await transcribeWithPocketsphinx({ path: file }, { cli: cli! });
    console.log(`recorded ${recorded.size} bytes, ${seconds.toFixed(2)} s: "${transcript.fullText}"`);
    expect(transcript.fullText.toLowerCase()).toContain("portfolio");
  }, 60_000);
});
