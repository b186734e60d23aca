// A long encode notices an abort between two batches. Each model call settled without giving the event loop a turn,
// so an abort arriving as a task (a timer here; on the job worker's thread, the main thread's cancel message) ran only
// after the last batch, and a cancelled indexing job encoded on to its end.
import { expect, test } from "bun:test";
import { encodeSentences, loadSentenceEncoder } from "./sentence-encoder";

test("an abort from a timer during a long encode stops it before its end", async () => {
  await loadSentenceEncoder();
  // About a hundred batches of 32: seconds of model calls.
  const texts = Array.from({ length: 3200 }, (_, i) => `The client asked about pension number ${i} today.`);
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error("cancelled")), 0);
  await expect(encodeSentences(texts, controller.signal)).rejects.toThrow("cancelled");
}, 120_000);
