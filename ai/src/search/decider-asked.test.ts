// "What did Dr. Lund conclude?" asks what that person decided or found. A speaker's own "I'll …" is half a decision of
// theirs, none of the person asked about: "I'll book her in with Dr. Lund" is no answer, "Dr. Lund's conclusion is …"
// is.
import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../local/hashing-embedder";
import { kindMatch, speakersOwnIntention } from "./rank/fact-features";
import { scoreSentences } from "./rank/score-sentences";
import { deciderIn } from "./understand/names-in-text";
import { detectQuestionKinds } from "./understand/understand-question";

test("the one whose decision is asked, by name; nobody for 'we', 'I' or a question that asks no decision", () => {
  expect(deciderIn("What did Dr. Lund conclude?")).toEqual(["lund"]);
  expect(deciderIn("what did Marta Quill decide about the house")).toEqual(["marta", "quill"]);
  expect(deciderIn("What did we decide about the house?")).toEqual([]);
  expect(deciderIn("What did I agree to do for the Pruitts?")).toEqual([]);
  expect(deciderIn("What is Dr. Lund's fee?")).toEqual([]);
});

test("a speaker's own 'I'll' is their intention; a decision said is not only that", () => {
  expect(speakersOwnIntention("Okay, I'll ring the clinic and get her on Dr. Lund's list.")).toBe(true);
  expect(speakersOwnIntention("We agreed, and I'll draft it.")).toBe(false);
  expect(speakersOwnIntention("Dr. Lund will see her again in May.")).toBe(false);
});

test("the asked person's conclusion outranks a speaker's own plan that names them", async () => {
  const plan = "Okay, I'll ring the clinic right after this and get her on Dr. Lund's list.";
  const finding = "She scored nine on the memory screen, and Dr. Lund's conclusion is that she can't sign documents.";
  const passages = [
    {
      meetingId: 1,
      title: "Family meeting",
      date: new Date(2026, 3, 2),
      clientName: "Vale family",
      source: "transcript" as const,
      content: `Ines Carver: ${plan}\nDana Ruiz: ${finding}`,
      speakers: ["Ines Carver", "Dana Ruiz"],
    },
  ];
  const kindOf = async (question: string, text: string) => {
    const scored = await scoreSentences(createHashingEmbedder(), question, detectQuestionKinds(question), passages);
    return scored.find((s) => s.text === text)?.kind ?? -1;
  };
  const asked = "What did Dr. Lund conclude?";
  expect(await kindOf(asked, plan)).toBe(0);
  expect(await kindOf(asked, finding)).toBeGreaterThan(0);
  // Asked what "we" decided, the speaker's plan is half a decision again.
  expect(await kindOf("What did we decide about the clinic?", plan)).toBeGreaterThan(0);
});

test("a decision-maker is a role, not a decision", () => {
  expect(kindMatch("The home wants a health care decision-maker on file.", null, ["decision"])).toBe(0);
  expect(kindMatch("The decision is to wait for the report.", null, ["decision"])).toBe(1);
});
