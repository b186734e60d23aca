import { beforeAll, expect, test } from "bun:test";
import { splitSegmentsIntoSentences } from "../../language/sentences";
import { loadWordKinds } from "../record/word-kinds";
import {
  personMeant,
  personNamedBefore,
  pronounMeant,
  signerOfTask,
  withPersonMeant,
  withSubjectMeant,
} from "./person-meant";

beforeAll(loadWordKinds);

const sentencesOf = (lines: [string, string][]) =>
  splitSegmentsIntoSentences(lines.map(([speaker, text], i) => ({ speaker, text, start: i, end: i + 1 })));
const speakers = ["Nadia Brooks", "Owen Vance"];

test("'him' in a task is the one person outside the meeting named just before", () => {
  const sentences = sentencesOf([
    ["Nadia Brooks", "For the return, we often work with Felix Ward. He's careful and not expensive."],
    ["Nadia Brooks", "I'll send him an intro email."],
  ]);
  const person = personMeant(sentences, sentences.length - 1, speakers);
  expect(person).toBe("Felix");
  expect(withPersonMeant("Send him an intro email", person)).toBe("Send Felix an intro email");
});

test("with two people named, or only the meeting's own, 'him' stays", () => {
  const two = sentencesOf([
    ["Nadia Brooks", "Felix Ward does returns and George Lim does appraisals."],
    ["Nadia Brooks", "I'll send him an intro email."],
  ]);
  expect(personMeant(two, two.length - 1, speakers)).toBeNull();
  const own = sentencesOf([
    ["Nadia Brooks", "Owen, you said the deed is in the safe."],
    ["Nadia Brooks", "I'll call him about it."],
  ]);
  expect(personMeant(own, own.length - 1, speakers)).toBeNull();
  expect(withPersonMeant("Call him about it", null)).toBe("Call him about it");
});

test("the object 'her' is the one outsider the last sentences went on about, however many 'she's back", () => {
  const sentences = sentencesOf([
    ["Owen Vance", "Lucy wanted to come today."],
    ["Owen Vance", "She's at her new job in Denver."],
    ["Owen Vance", "She can't take calls before six."],
    ["Nadia Brooks", "That's fine."],
    ["Nadia Brooks", "I'll mail her a copy of the plan."],
  ]);
  const at = sentences.length - 1;
  expect(pronounMeant("Mail her a copy of the plan")).toBe("her");
  expect(pronounMeant("Ask her what she thinks it would sell for")).toBe("her");
  expect(pronounMeant("Talk to her about the trust")).toBe("her");
  expect(personMeant(sentences, at, speakers, "her")).toBe("Lucy");
  expect(withPersonMeant("Mail her a copy of the plan", "Lucy")).toBe("Mail Lucy a copy of the plan");
  // Without the run of "she", the name is too far back.
  const broken = sentencesOf([
    ["Owen Vance", "Lucy wanted to come today."],
    ["Owen Vance", "The weather was bad."],
    ["Owen Vance", "The roads were closed."],
    ["Nadia Brooks", "That's fine."],
    ["Nadia Brooks", "I'll mail her a copy of the plan."],
  ]);
  expect(personMeant(broken, broken.length - 1, speakers, "her")).toBeNull();
});

test("'her' before a noun is whose it is, and the one who does the task is never the one meant", () => {
  expect(pronounMeant("Update her beneficiary form")).toBeNull();
  const sentences = sentencesOf([["Nadia Brooks", "Felix will open the account and send her the link."]]);
  expect(personMeant(sentences, 0, [...speakers, "Felix"], "her")).toBeNull();
});

test("a pronoun after a person of the meeting named in the task itself is that person, never the one doing it", () => {
  const task = "Open an account for Owen's savings and send him the link";
  expect(personNamedBefore(task, speakers, "Felix Ward")).toBe("Owen");
  expect(withPersonMeant(task, "Owen")).toBe("Open an account for Owen's savings and send Owen the link");
  // The one who does it, or two people named, leave the pronoun as said.
  expect(personNamedBefore(task, speakers, "Owen Vance")).toBeNull();
  expect(personNamedBefore("Tell Nadia and Owen and send him the form", speakers, "Felix Ward")).toBeNull();
});

test("'she' who signs or reviews the firm's papers is the one client in the meeting, unless her name says 'he'", () => {
  const task = "Put the consent form with the transfer papers so she can sign them together";
  const present = ["Felix Ward", "Nadia Brooks", "Oscar Lind"];
  expect(signerOfTask(task, present, "Nadia Brooks")).toBe("Nadia");
  expect(withSubjectMeant(task, "Nadia")).toBe(
    "Put the consent form with the transfer papers so Nadia can sign them together",
  );
  // A client whose first name the lexicon knows for "he" is not "she"; two clients present leave it as said.
  expect(signerOfTask(task, ["Felix Ward", "Oscar Lind"], "Oscar Lind")).toBeNull();
  expect(signerOfTask(task, present, "Nadia and Oscar Lind")).toBeNull();
  // Not a paper to sign: the pronoun stays.
  expect(signerOfTask("Call the bank so she can move the money", present, "Nadia Brooks")).toBeNull();
});
