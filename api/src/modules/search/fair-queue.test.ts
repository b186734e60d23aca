import { describe, expect, test } from "bun:test";
import type { Embedder } from "@cm/ai";
import { createFairQueue } from "./fair-queue";
import { createQuestionQueue } from "./question-queue";

/** An embedder that takes `ms` per call, one call at a time like the encoder thread, and logs who it served. */
function slowEmbedder(ms: number): { embedder: Embedder; served: string[]; overlapped: () => boolean } {
  const served: string[] = [];
  let busy = false;
  let overlap = false;
  return {
    served,
    overlapped: () => overlap,
    embedder: {
      model: "fake-slow",
      dimensions: 1536,
      async embed(texts) {
        if (busy) overlap = true;
        busy = true;
        await Bun.sleep(ms);
        served.push(...texts);
        busy = false;
        return texts.map(() => new Array<number>(1536).fill(0));
      },
    },
  };
}

describe("the fair queue in front of the embedder", () => {
  test("account A's four queued questions, then B's one: B's runs next, not last", async () => {
    const { embedder, served, overlapped } = slowEmbedder(20);
    const questions = createQuestionQueue({ serviceEmbeddings: false });
    const a = questions.embedderFor(1, embedder);
    const b = questions.embedderFor(2, embedder);
    const asked = [1, 2, 3, 4].map((i) => a.embed([`A${i}`]));
    await Bun.sleep(1); // A's first is running, its other three wait
    asked.push(b.embed(["B1"]));
    await Promise.all(asked);
    expect(served).toEqual(["A1", "B1", "A2", "A3", "A4"]);
    // One at a time: the encoder thread is never asked twice at once.
    expect(overlapped()).toBe(false);
  });

  test("accounts take turns: two busy accounts alternate, a newcomer goes before both", async () => {
    const order: string[] = [];
    const queue = createFairQueue({ concurrency: 1 });
    const job = (name: string) => async () => {
      await Bun.sleep(5);
      order.push(name);
    };
    const runs = ["a1", "a2", "a3"].map((n) => queue.run("a", job(n)));
    runs.push(...["b1", "b2"].map((n) => queue.run("b", job(n))));
    await Bun.sleep(1);
    runs.push(queue.run("c", job("c1")));
    await Promise.all(runs);
    expect(order).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
  });

  test("a question aborted while it waits leaves the queue at once; a failing task frees its place", async () => {
    const queue = createFairQueue({ concurrency: 1 });
    const failing = queue.run("a", async () => {
      await Bun.sleep(10);
      throw new Error("encoder failed");
    });
    const controller = new AbortController();
    const aborted = queue.run("b", async () => "never", controller.signal);
    expect(queue.waiting).toBe(1);
    controller.abort(new Error("gone"));
    await expect(aborted).rejects.toThrow("gone");
    expect(queue.waiting).toBe(0);
    await expect(failing).rejects.toThrow("encoder failed");
    expect(await queue.run("c", async () => "next")).toBe("next");
  });
});
