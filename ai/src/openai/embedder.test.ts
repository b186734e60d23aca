import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { startOpenAiDouble } from "../../test-support/openai-double";
import { boundFromBaseline, measureBaselineMs, timeMs } from "../../test-support/timing-baseline";
import { createOpenAiEngine } from "./create-openai-engine";

const double = startOpenAiDouble();
afterAll(() => double.stop());
beforeEach(() => {
  double.requests.length = 0;
});

const engine = createOpenAiEngine({ apiKey: "sk-test", baseURL: double.baseURL, retry: { baseDelayMs: 5 } });

describe("embedder", () => {
  test("records the model and returns 1536-dimensional vectors", async () => {
    expect(engine.embedder.model).toBe("text-embedding-3-small");
    expect(engine.embedder.dimensions).toBe(1536);
    const [a, b, again] = await engine.embedder.embed(["pension plan", "tax return", "pension plan"]);
    expect(a).toHaveLength(1536);
    expect(Array.isArray(a)).toBe(true);
    expect(a).toEqual(again!);
    expect(a).not.toEqual(b!);
    const body = double.requests[0]!.body;
    expect(body.dimensions).toBe(1536);
    expect(body.model).toBe("text-embedding-3-small");
  });

  test("sends at most 256 texts per request and keeps the order", async () => {
    const texts = Array.from({ length: 600 }, (_, i) => `chunk ${i}`);
    const vectors = await engine.embedder.embed(texts);
    expect(vectors).toHaveLength(600);
    const sizes = double.requests.map((r) => (r.body.input as string[]).length);
    expect(sizes).toEqual([256, 256, 88]);
    const [single] = await engine.embedder.embed(["chunk 599"]);
    expect(vectors[599]).toEqual(single!);
  });

  test("no texts means no request; empty strings are still embedded", async () => {
    expect(await engine.embedder.embed([])).toEqual([]);
    expect(double.requests).toHaveLength(0);
    const vectors = await engine.embedder.embed(["", "x"]);
    expect(vectors).toHaveLength(2);
  });

  test("a question's embedding makes one short try: a slow service is given up at the deadline", async () => {
    // Baseline: a normal embedding round trip, just before; the bound stays under the slow answer's 2 s.
    const roundTrip = await measureBaselineMs(() => engine.embedder.embed(["baseline"]), 3);
    double.requests.length = 0;
    double.failNext({ path: "/v1/embeddings", delayMs: 2_000 });
    let error: unknown;
    const ms = await timeMs(async () => {
      error = await engine.embedder
        .embed(["when is the rate decision?"], undefined, { deadlineMs: 300 })
        .catch((e) => e);
    });
    expect(ms).toBeLessThan(boundFromBaseline(300 + roundTrip, { factor: 3, floorMs: 1_500, ceilingMs: 1_900 }));
    expect((error as Error).message).toBe("The AI service did not answer in time");
    expect(double.requests).toHaveLength(1);
  });

  test("a question's embedding is not retried after a failure", async () => {
    // One 503: a retry would succeed, so an error here means there was none.
    double.failNext({ path: "/v1/embeddings", status: 503 });
    const error = await engine.embedder.embed(["q"], undefined, { deadlineMs: 1_000 }).catch((e) => e);
    expect((error as Error).message).toContain("temporarily unavailable");
    expect(double.requests).toHaveLength(1);
  });

  test("a rate limit is retried", async () => {
    double.failNext({ status: 429, path: "/v1/embeddings" });
    const vectors = await engine.embedder.embed(["retry me"]);
    expect(vectors[0]).toHaveLength(1536);
    expect(double.requests).toHaveLength(2);
  });
});
