// A stand-in for the encoder's thread in sentence-encoder-thread.test.ts: the real message handling around an
// encoder whose model never loads and whose texts say how it behaves ("fail", "slow", "crash"; any other text gives
// a vector of its length).

import { serveEncoderRequests } from "./sentence-encoder-protocol";

serveEncoderRequests({
  load: () => Promise.reject(new Error("weights missing")),
  async encode(texts, signal) {
    if (texts.includes("fail")) throw new Error("the encoder failed on this batch");
    if (texts.includes("crash"))
      setTimeout(() => {
        throw new Error("thread crashed");
      });
    if (texts.includes("slow") || texts.includes("crash")) await Bun.sleep(300);
    signal.throwIfAborted();
    return texts.map((text) => [text.length, 1, 2]);
  },
});
