// Structured output against servers that lack json_schema, tool calling or JSON mode (the double answers such
// requests with OpenAI's 400), and a model that refuses.
import { afterAll, describe, expect, test } from "bun:test";
import { type DoubleOptions, type OpenAiDouble, startOpenAiDouble } from "../../test-support/openai-double";
import type { SummariseInput } from "../types";
import { AiRefusalError } from "./ai-errors";
import { createOpenAiEngine } from "./create-openai-engine";
import { PROMPT_SCHEMA_MARKER } from "./structured-output";

const doubles: OpenAiDouble[] = [];
afterAll(() => Promise.all(doubles.map((d) => d.stop())));

/** A fresh server each time: the mode a server accepts is remembered per base URL and model. */
function server(options: DoubleOptions = {}) {
  const double = startOpenAiDouble(options);
  doubles.push(double);
  const engine = createOpenAiEngine({ apiKey: "sk-test", baseURL: double.baseURL, retry: { baseDelayMs: 5 } });
  return { double, engine };
}

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

type ChatBody = {
  response_format?: { type: string };
  tools?: unknown[];
  messages: { role: string; content: string }[];
};
const shapes = (double: OpenAiDouble) =>
  double.requests.map((r) => {
    const body = r.body as ChatBody;
    return body.response_format?.type ?? (body.tools ? "tools" : "prompt");
  });

describe("structured output falls back per server", () => {
  test("no json_schema: tool calling, remembered for the next summary", async () => {
    const { double, engine } = server({ unsupported: ["json_schema"] });
    const summary = await engine.summarise(input);
    // The draft read from the tool call: the model's points, each with its evidence segments.
    expect(summary.executiveSummary.length).toBeGreaterThan(0);
    expect(summary.keyPoints.length).toBeGreaterThan(0);
    for (const point of summary.keyPoints) expect(typeof point === "string" ? point : point.text).not.toBe("");
    expect(shapes(double)).toEqual(["json_schema", "tools"]);
    await engine.summarise(input);
    expect(shapes(double)).toEqual(["json_schema", "tools", "tools"]);
  });

  test("no json_schema and no tools: JSON mode, with the schema in the prompt", async () => {
    const { double, engine } = server({ unsupported: ["json_schema", "tools"] });
    const summary = await engine.summarise(input);
    expect(summary.executiveSummary.length).toBeGreaterThan(0);
    expect(summary.actionItems.length).toBeGreaterThan(0);
    expect(shapes(double)).toEqual(["json_schema", "tools", "json_object"]);
    const system = (double.requests.at(-1)!.body as ChatBody).messages[0]!.content;
    expect(system).toContain(PROMPT_SCHEMA_MARKER);
    expect(system).toContain("JSON");
  });

  test("none of the three: a plain prompt whose JSON answer is parsed", async () => {
    const { double, engine } = server({ unsupported: ["json_schema", "tools", "json_object"] });
    const summary = await engine.summarise(input);
    expect(summary.executiveSummary.length).toBeGreaterThan(0);
    expect(shapes(double)).toEqual(["json_schema", "tools", "json_object", "prompt"]);
  });

  test("another 400 is not taken for a missing feature", async () => {
    const { double, engine } = server();
    double.failNext({ status: 400, message: "Invalid value for 'temperature'.", param: "temperature" });
    await expect(engine.summarise(input)).rejects.toThrow("rejected the request as invalid");
    expect(shapes(double)).toEqual(["json_schema"]);
  });
});

describe("a refusal", () => {
  test("is reported with the model's words and not retried", async () => {
    const { double, engine } = server();
    double.failNext({ refusal: "I'm sorry, I can't help with summarising this content." });
    const error = await engine.summarise(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiRefusalError);
    expect((error as Error).message).toBe(
      `The AI model refused to write the summary: "I'm sorry, I can't help with summarising this content."`,
    );
    expect(double.requests).toHaveLength(1);
  });

  test("in tool calling mode too", async () => {
    const { double, engine } = server({ unsupported: ["json_schema"] });
    await engine.summarise(input);
    double.failNext({ refusal: "I can't assist with that." });
    await expect(engine.summarise(input)).rejects.toThrow('"I can\'t assist with that."');
    expect(shapes(double)).toEqual(["json_schema", "tools", "tools"]);
  });

  test("a content filter stop is a refusal, not an unexpected format", async () => {
    const { double, engine } = server();
    double.failNext({ finishReason: "content_filter" });
    const error = await engine.summarise(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiRefusalError);
    expect((error as Error).message).toContain("content filter");
    expect(double.requests).toHaveLength(1);
  });
});
