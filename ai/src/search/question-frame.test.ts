import { expect, test } from "bun:test";
import { subjectOfQuestion } from "./question-frame";

test("full text searches what a question is about, not how it is asked", () => {
  expect(subjectOfQuestion("What did the team discuss about the product cost?")).toBe("product cost");
  expect(subjectOfQuestion("Summarize the discussion about user requirements.")).toBe("user requirements");
  expect(subjectOfQuestion("Why did Marketing think they should aim at young people?")).toBe(
    "marketing aim young people",
  );
});

test("a question made only of framing words is searched as it is", () => {
  expect(subjectOfQuestion("What did we discuss?")).toBe("What did we discuss?");
});
