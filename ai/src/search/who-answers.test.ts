// A question for a person: the word "name" says what kind of fact is asked, not what it is about, and a name said
// alone as a reply ("My brother. Anand.") answers it.
import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../local/hashing-embedder";
import type { Passage } from "./answer-types";
import { pickEvidence, questionTerms, scoreSentences } from "./select-evidence";
import { detectQuestionKinds } from "./understand-question";

const passage = (content: string): Passage => ({
  meetingId: 9,
  title: "Estate plan intake",
  date: new Date(2026, 2, 3),
  clientName: "Rao household",
  source: "transcript",
  content,
  speakers: ["Elena Petrova", "Priya Rao", "Dev Rao"],
});

test("'name' and 'named' frame a question for a person", () => {
  expect(questionTerms("Who is named executor for the Raos?")).toEqual(["executor", "rao"]);
  expect(questionTerms("What is the twins' full legal name?")).toEqual(["twin", "full", "legal"]);
  expect(detectQuestionKinds("Who is named executor?")).toContain("who");
});

test("who is named to a role: the name said in reply leads, not the sentence that names the role", async () => {
  const question = "Who is named executor for the estate?";
  const passages = [
    passage(
      [
        "Elena Petrova: Each will names an executor for the estate, and sets out who gets the house.",
        "Elena Petrova: So, executor. Have you two talked about who?",
        "Priya Rao: My brother. Anand. He lives ten minutes away.",
        "Dev Rao: We both trust Anand with this.",
      ].join("\n"),
    ),
  ];
  const kinds = detectQuestionKinds(question);
  const ranked = await scoreSentences(createHashingEmbedder(), question, kinds, passages);
  const [finding] = pickEvidence(ranked, passages, kinds);
  expect(finding?.text).toContain("Anand");
});
