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

test("a comparison asked for is framing: the things compared are searched", () => {
  expect(subjectOfQuestion("How does that compare with the quote from the roofer?")).toBe("quote roofer");
  expect(subjectOfQuestion("The appraisal versus the tax assessment?")).toBe("appraisal tax assessment");
});

test("how big something is asks its measure: the thing is searched", () => {
  // "big" is said of nothing in a meeting about a rental's square feet: as a term it made the question unknown.
  expect(subjectOfQuestion("How big is the rental?")).toBe("rental");
  expect(subjectOfQuestion("How large was the lot on Elm Street?")).toBe("lot elm street");
});
