// A question for a person: the word "name" says what kind of fact is asked, not what it is about, and a name said
// alone as a reply ("My brother. Anand.") answers it.
import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../local/hashing-embedder";
import type { Passage } from "./answer-types";
import { pickEvidence } from "./rank/pick-evidence";
import { scoreSentences } from "./rank/score-sentences";
import { asksFullName, writesNameOut } from "./understand/proper-names";
import { questionTerms } from "./understand/question-terms";
import { detectQuestionKinds } from "./understand/understand-question";

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
  expect(`${finding?.text} ${finding?.reply?.text ?? ""}`).toContain("Anand");
  expect(finding?.reply?.speaker ?? finding?.speaker).toBe("Priya Rao");
});

test("a full name is the asked person's name written out, not another name beside theirs", () => {
  expect(asksFullName("What is the baby's full legal name?")).toBe(true);
  expect(asksFullName("Who is the trustee?")).toBe(false);
  expect(writesNameOut("Nora Beatrix Halloran-Vey. Beatrix is after my mother.", ["nora"])).toBe(true);
  expect(writesNameOut("I'll send the drafts with Nora's full name, Imke as backup.", ["nora"])).toBe(false);
  expect(writesNameOut("Nora, come here.", ["nora"])).toBe(false);
});

test("asked for a full name, the sentence that writes it out leads", async () => {
  const question = "What is Nora's full legal name?";
  const passages = [
    passage(
      [
        "Elena Petrova: I'll send the revised drafts with Nora's full name and Imke as backup by Friday.",
        "Elena Petrova: Is it Nora Halloran, like you said?",
        "Priya Rao: Nora Beatrix Halloran-Vey. Beatrix is after my mother.",
      ].join("\n"),
    ),
  ];
  const kinds = detectQuestionKinds(question);
  const ranked = await scoreSentences(createHashingEmbedder(), question, kinds, passages);
  const [finding] = pickEvidence(ranked, passages, kinds);
  expect(finding?.reply?.text ?? finding?.text).toContain("Nora Beatrix Halloran-Vey");
  expect(finding?.reply?.speaker ?? finding?.speaker).toBe("Priya Rao");
});
