import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { startOpenAiDouble } from "../../test-support/openai-double";
import { RetryableAiError, type SummariseInput } from "../types";
import { describeAiError, isTransientError, RateLimitedAiError } from "./ai-errors";
import { createOpenAiEngine } from "./create-openai-engine";
import { parseDuration, requestedWaitMs } from "./retry-after";
import { stitchTranscript } from "./stitch-transcript";

const double = startOpenAiDouble({ apiKey: "sk-right" });
afterAll(() => double.stop());
beforeEach(() => {
  double.requests.length = 0;
});

const input: SummariseInput = {
  transcript: {
    segments: [{ start: 0, end: 4, speaker: "Advisor", text: "Let us review the portfolio." }],
    fullText: "Advisor: Let us review the portfolio.",
    durationSeconds: 4,
  },
  title: "Review",
  clientName: "Client",
  meetingDate: new Date("2025-01-02T09:00:00Z"),
};

function makeEngine(apiKey = "sk-right", timeoutMs?: number) {
  return createOpenAiEngine({ apiKey, baseURL: double.baseURL, retry: { baseDelayMs: 5 }, timeoutMs });
}

describe("error handling for chat", () => {
  test("429 then success recovers", async () => {
    double.failNext({ status: 429 });
    const summary = await makeEngine().summarise(input);
    expect(summary.executiveSummary.length).toBeGreaterThan(0);
    expect(double.requests).toHaveLength(2);
  });

  test("a timeout is retried", async () => {
    double.failNext({ delayMs: 400 });
    const summary = await makeEngine("sk-right", 150).summarise(input);
    expect(summary.executiveSummary.length).toBeGreaterThan(0);
    expect(double.requests).toHaveLength(2);
  });

  test("persistent 500s end in RetryableAiError", async () => {
    double.failNext(...Array.from({ length: 4 }, () => ({ status: 500 })));
    const error = await makeEngine()
      .summarise(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryableAiError);
    expect(double.requests).toHaveLength(4);
  });

  test("401 is permanent and names the API key", async () => {
    const error = await makeEngine("sk-wrong-key-123456")
      .summarise(input)
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(RetryableAiError);
    expect((error as Error).message).toBe("The AI service rejected the API key (check OPENAI_API_KEY)");
    expect(double.requests).toHaveLength(1);
  });

  test("an empty quota is not retried", async () => {
    double.failNext({ status: 429, code: "insufficient_quota" });
    await expect(makeEngine().embedder.embed(["x"])).rejects.toThrow("no quota left");
    expect(double.requests).toHaveLength(1);
  });

  test("an abort stops the call without mapping it", async () => {
    double.failNext({ delayMs: 2000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await makeEngine()
      .summarise(input, controller.signal)
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(RetryableAiError);
    expect(controller.signal.aborted).toBe(true);
    expect(double.requests).toHaveLength(1);
  });

  test("an unreachable service is transient", async () => {
    const stopped = startOpenAiDouble();
    const baseURL = stopped.baseURL;
    await stopped.stop();
    const engine = createOpenAiEngine({ apiKey: "k", baseURL, retry: { baseDelayMs: 1, maxAttempts: 2 } });
    const error = await engine.summarise(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryableAiError);
    expect((error as Error).message).toBe("The AI service could not be reached");
  });
});

describe("rate limits: the wait the service asks for", () => {
  /** Time from the call to its result, with the engine's own backoff at 5 ms. */
  async function timedSummary(engine = makeEngine()) {
    const started = performance.now();
    const summary = await engine.summarise(input);
    return { summary, ms: performance.now() - started };
  }

  test("retry-after-ms is waited out", async () => {
    double.failNext({ status: 429, headers: { "retry-after-ms": "250" } });
    const { summary, ms } = await timedSummary();
    expect(summary.executiveSummary.length).toBeGreaterThan(0);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(double.requests).toHaveLength(2);
  });

  test("retry-after in seconds, on a 503 too", async () => {
    double.failNext({ status: 503, headers: { "retry-after": "0.3" } });
    const { ms } = await timedSummary();
    expect(ms).toBeGreaterThanOrEqual(300);
  });

  test("x-ratelimit-reset of the exhausted limit", async () => {
    double.failNext({
      status: 429,
      headers: {
        "x-ratelimit-remaining-requests": "0",
        "x-ratelimit-reset-requests": "300ms",
        "x-ratelimit-remaining-tokens": "5000",
        "x-ratelimit-reset-tokens": "6m0s",
      },
    });
    const { ms } = await timedSummary();
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(ms).toBeLessThan(10_000);
  });

  test("a wait longer than allowed fails at once, saying how long was asked", async () => {
    double.failNext({ status: 429, headers: { "retry-after": "600" } });
    const error = await makeEngine()
      .summarise(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedAiError);
    expect((error as RateLimitedAiError).retryAfterMs).toBe(600_000);
    expect((error as Error).message).toBe(
      "The AI service is rate limiting requests; it asked to wait 10 min, longer than the 60 s allowed, so try again later",
    );
    expect(double.requests).toHaveLength(1);
  });

  test("the header formats", () => {
    expect(parseDuration("1s")).toBe(1000);
    expect(parseDuration("6m0s")).toBe(360_000);
    expect(parseDuration("20ms")).toBe(20);
    expect(parseDuration("1h2m3.5s")).toBe(3_723_500);
    expect(parseDuration("soon")).toBeNull();
    const now = Date.parse("2026-01-01T00:00:00Z");
    const headers = (h: Record<string, string>) => ({ headers: new Headers(h) });
    expect(requestedWaitMs(headers({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }), now)).toBe(3000);
    expect(requestedWaitMs(headers({ "retry-after": "2" }), now)).toBe(2000);
    expect(requestedWaitMs(headers({ "retry-after-ms": "15", "retry-after": "9" }), now)).toBe(15);
    // Neither limit said to be exhausted: the later reset.
    expect(requestedWaitMs(headers({ "x-ratelimit-reset-requests": "1s", "x-ratelimit-reset-tokens": "2s" }))).toBe(
      2000,
    );
    expect(requestedWaitMs({ headers: { "Retry-After": "1" } })).toBe(1000);
    expect(requestedWaitMs({ status: 429 })).toBeNull();
  });
});

describe("errors that can never succeed fail at once", () => {
  test("404 model_not_found names the model setting", async () => {
    const strict = startOpenAiDouble({ models: ["gpt-4o-mini"] });
    try {
      const engine = createOpenAiEngine({
        apiKey: "k",
        baseURL: strict.baseURL,
        chatModel: "gpt-9-turbo",
        retry: { baseDelayMs: 5 },
      });
      const error = await engine.summarise(input).catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(RetryableAiError);
      expect((error as Error).message).toBe(
        "The AI service does not offer the configured model (check the *_MODEL setting): The model `gpt-9-turbo` does not exist or you do not have access to it.",
      );
      expect(strict.requests).toHaveLength(1);
    } finally {
      await strict.stop();
    }
  });
});

describe("describeAiError", () => {
  test("maps statuses to readable words", () => {
    expect(describeAiError({ status: 429 })).toBe("The AI service is rate limiting requests");
    expect(describeAiError({ status: 413 })).toContain("too large");
    expect(describeAiError({ status: 503 })).toContain("internal error (503)");
    expect(describeAiError({ status: 403, message: "key sk-abcdef123 lacks scope" })).toBe(
      "The AI service denied permission for this request: key sk-… lacks scope",
    );
    expect(isTransientError({ status: 400 })).toBe(false);
    expect(isTransientError({ status: 502 })).toBe(true);
  });
});

describe("stitchTranscript", () => {
  test("keeps each overlapped segment once and shifts by the piece offset", () => {
    const transcript = stitchTranscript(
      [
        {
          offsetSeconds: 0,
          durationSeconds: 20,
          text: "",
          segments: [
            { start: 0, end: 9, text: " Hello there." },
            { start: 9, end: 16.5, text: " We review the fund." },
            { start: 16.5, end: 20, text: " Next the taxes" },
          ],
        },
        {
          offsetSeconds: 17,
          durationSeconds: 13,
          text: "",
          segments: [
            { start: 0, end: 3, text: " Next the taxes." },
            { start: 3, end: 13, text: " Taxes are due in May." },
          ],
        },
      ],
      30,
    );
    expect(transcript.segments.map((s) => [s.start, s.text])).toEqual([
      [0, "Hello there."],
      [9, "We review the fund."],
      [16.5, "Next the taxes"],
      [20, "Taxes are due in May."],
    ]);
    expect(transcript.fullText).toBe("Hello there.\nWe review the fund.\nNext the taxes\nTaxes are due in May.");
    expect(transcript.durationSeconds).toBe(30);
  });

  test("falls back to the piece text when a server returns no segments", () => {
    const transcript = stitchTranscript([{ offsetSeconds: 0, durationSeconds: 5, text: "Just text", segments: [] }], 5);
    expect(transcript.segments).toEqual([{ start: 0, end: 5, speaker: null, text: "Just text" }]);
  });
});
