import { describe, expect, test } from "bun:test";
import { searchErrorMessage } from "./search-client";

describe("the failed search's message", () => {
  test("a question refused for asking too often says when to try again", () => {
    const body = JSON.stringify({
      message: "Too many questions in a short time. Please wait 42 seconds and try again.",
      code: "rate_limited",
    });
    expect(searchErrorMessage(`429: ${body}`)).toBe(
      "Too many questions in a short time. Please wait 42 seconds and try again.",
    );
  });

  test("other failures keep the spec's texts", () => {
    expect(searchErrorMessage("500: boom")).toBe("There was a problem processing your search. Please try again.");
    expect(searchErrorMessage("429: not json")).toBe("There was a problem processing your search. Please try again.");
    expect(searchErrorMessage('502: {"message":"The AI service rejected the API key"}')).toBe(
      "There was an issue with the AI service. The administrator needs to configure the API key.",
    );
  });
});
