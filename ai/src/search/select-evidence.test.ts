import { describe, expect, test } from "bun:test";
import { boundFromBaseline, measureSyncBaselineMs, timeSyncMs } from "../../test-support/timing-baseline";
import { splitIntoWindows } from "../intelligence/embedding-windows";
import { splitSentences, splitSpeaker } from "../language/sentences";
import { createHashingEmbedder } from "../local/hashing-embedder";
import type { Passage } from "./answer-types";
import { momentOf } from "./fetch/moment-of";
import { rankByTopic } from "./fetch/rank-by-topic";
import { passageSentences } from "./rank/candidate-sentences";
import { kindMatch } from "./rank/fact-features";
import { pickEvidence } from "./rank/pick-evidence";
import { isRelevant } from "./rank/relevance";
import { RESCORED_SENTENCES, scoreSentences } from "./rank/score-sentences";
import { knownTermShare } from "./rank/term-coverage";
import { questionTerms } from "./understand/question-terms";
import { detectQuestionKinds, understandQuestion } from "./understand/understand-question";
import { composeLocalAnswer } from "./write/compose-local-answer";

const embedder = createHashingEmbedder();
const date = new Date(2025, 3, 14, 10);

const passage = (content: string, extra: Partial<Passage> = {}): Passage => ({
  meetingId: 7,
  title: "Annual Portfolio Review",
  date,
  clientName: "Okafor Family Trust",
  source: "transcript",
  content,
  startSeconds: 72,
  speakers: ["Dana Whitfield", "Marcus Okafor"],
  segmentIndexes: [7, 8],
  ...extra,
});

const COLLEGE = passage(
  [
    "Marcus Okafor: Good. Now, the college fund. Our daughter starts university in September next year. Adaeze wants to know if the 529 plan is on track.",
    "Dana Whitfield: The 529 balance is sixty-four thousand. Projected costs for the first year are around thirty-one thousand, so you're covered for two years. I'd suggest you increase the monthly contribution from five hundred to eight hundred dollars.",
  ].join("\n"),
);
const REBALANCE = passage(
  [
    "Dana Whitfield: You're at seventy-two percent, against a target of sixty. I recommend we rebalance back to sixty percent equities and forty percent fixed income.",
    "Marcus Okafor: Two steps makes sense. What about the capital gains?",
    "Dana Whitfield: I will prepare the trade list and send it to you for approval by Friday.",
  ].join("\n"),
  { meetingId: 8, startSeconds: 37, segmentIndexes: [4, 6] },
);

describe("question kinds", () => {
  test("who, when, how much and what did we decide", () => {
    expect(detectQuestionKinds("Who will send the trade list?")).toEqual(["who"]);
    expect(detectQuestionKinds("When is the next review?")).toEqual(["when"]);
    expect(detectQuestionKinds("What is the balance of the 529 plan?")).toEqual(["amount"]);
    expect(detectQuestionKinds("How much did the oven cost?")).toEqual(["amount"]);
    expect(detectQuestionKinds("What did we agree about the termination clause?")).toEqual(["decision"]);
    expect(detectQuestionKinds("What did we decide about the rebalance?")).toEqual(["decision"]);
    expect(detectQuestionKinds("Tell me about the cabin")).toEqual([]);
  });

  test("understood questions carry their kinds, and a follow-up keeps the earlier ones", () => {
    const first = understandQuestion("How much is the 529 balance?", [], []);
    expect(first.kinds).toEqual(["amount"]);
    const earlier = "How much was agreed in the meeting about the rebalance?";
    const follow = understandQuestion("and before that?", [{ role: "user", content: earlier }], []);
    expect(follow.kinds).toEqual(["amount", "decision"]);
  });

  test("sentence features match the kind asked for", () => {
    expect(kindMatch("The 529 balance is sixty-four thousand.", null, ["amount"])).toBe(1);
    expect(kindMatch("Let's meet again on March 12th.", null, ["when"])).toBe(1);
    // A time said relative to an event answers "when" too, less exactly than a day on the calendar.
    expect(kindMatch("The election was filed on time, thirty-one days after the grant.", null, ["when"])).toBe(0.5);
    expect(kindMatch("We agreed to rebalance in two steps.", null, ["decision"])).toBe(1);
    expect(kindMatch("I’ll email Priya today.", "Dana", ["who"])).toBe(1);
    expect(kindMatch("That sounds fine.", null, ["amount"])).toBe(0);
    // A count of months is a weaker answer to "how much" than an amount of money.
    expect(kindMatch("So roughly twenty months of runway.", null, ["amount"])).toBe(0.5);
    expect(kindMatch("We burn about three hundred and ten thousand a month.", null, ["amount"])).toBe(1);
  });

  test("money nouns make an amount question", () => {
    for (const q of [
      "What does the corporate trustee charge?",
      "What is the tax on the secondary sale?",
      "What rent does the landlord want?",
      "What is the company's monthly burn?",
    ]) {
      expect({ q, kinds: detectQuestionKinds(q) }).toEqual({ q, kinds: ["amount"] });
    }
  });
});

describe("sentences", () => {
  test("whole sentences: decimals, abbreviations and initials stay inside", () => {
    expect(splitSentences("It returned 7.4 percent. Dr. Raman and J. Smith agreed! Good?")).toEqual([
      "It returned 7.4 percent.",
      "Dr. Raman and J. Smith agreed!",
      "Good?",
    ]);
  });

  test("spaced stops (QMSum transcripts) end sentences too", () => {
    expect(splitSentences("we should do that . and then we test it .")).toEqual([
      "we should do that .",
      "and then we test it .",
    ]);
  });

  test("speakers come from the turn, and a carried-over tail's partial first sentence is left out", () => {
    const sentences = passageSentences([
      passage("Dana Whitfield: …the rest of a sentence. The trust returned 7.4 percent.\nMarcus Okafor: Fine."),
    ]);
    expect(sentences.map((s) => [s.speaker, s.text])).toEqual([
      ["Dana Whitfield", "The trust returned 7.4 percent."],
      ["Marcus Okafor", "Fine."],
    ]);
  });

  test("the notes' next meeting keeps its label; their lists are split into their items", () => {
    const notes = passage(
      "Key points: Rent: $2,100 a month; Roof: $18,000.\nNext meeting: 2026-12-14 at 10:00, to cover the trust.",
      { source: "summary" },
    );
    expect(passageSentences([notes]).map((s) => [s.speaker, s.text])).toEqual([
      [null, "Rent: $2,100 a month"],
      [null, "Roof: $18,000."],
      [null, "Next meeting: 2026-12-14 at 10:00, to cover the trust."],
    ]);
  });

  test("a word before a colon in someone's words is no speaker when the passage knows its speakers", () => {
    expect(splitSpeaker("House: 2210 Larkspur Lane.", ["Dana Whitfield", "Marcus Okafor"])).toEqual({
      speaker: null,
      text: "House: 2210 Larkspur Lane.",
    });
    expect(splitSpeaker("Marcus Okafor: Fine.", ["Dana Whitfield", "Marcus Okafor"]).speaker).toBe("Marcus Okafor");
    // Without the passage's speakers (a caption file read alone), a name-like prefix still names one.
    expect(splitSpeaker("Speaker 2: Fine.").speaker).toBe("Speaker 2");
  });

  test("question terms leave out how the question is asked", () => {
    const terms = questionTerms("What is the balance of the 529 plan?");
    expect(terms).toEqual(["balanc", "529", "plan"]);
    expect(questionTerms("xqzv")).toEqual(["xqzv"]);
  });

  test("long pattern inputs stay fast (linear scans)", () => {
    const hostile = `${"a. ".repeat(50_000)}${"…".repeat(10_000)}${". ".repeat(50_000)}`;
    const split = (text: string) => () => {
      splitSentences(text);
      passageSentences([passage(text)]);
    };
    // Baseline: ordinary sentences of the same length, split in this run on this machine.
    const ordinary = "The client will review the bond ladder. ".repeat(6_500).slice(0, hostile.length);
    const baseline = measureSyncBaselineMs(split(ordinary), 3);
    expect(timeSyncMs(split(hostile))).toBeLessThan(boundFromBaseline(baseline, { factor: 10, floorMs: 2_000 }));
  });
});

describe("selection", () => {
  test("the 529 question selects the sentence holding the number, not the question before it", async () => {
    const q = "What is the balance of the 529 plan?";
    const scored = await scoreSentences(embedder, q, detectQuestionKinds(q), [REBALANCE, COLLEGE]);
    expect(scored[0]!.text).toBe("The 529 balance is sixty-four thousand.");
    expect(scored[0]!.speaker).toBe("Dana Whitfield");
    expect(isRelevant(scored[0])).toBe(true);
  });

  test("a rare question term counts more than one most sentences hold", async () => {
    const startup = passage(
      [
        "Nadia Fischer: The company closed its round last week and the company account holds seven million.",
        "Dana Whitfield: The company covers five thousand a month of salary.",
        "Nadia Fischer: We burn about three hundred and ten thousand a month.",
        "Dana Whitfield: The company should keep its operating cash separate from the company reserve.",
        "Nadia Fischer: Our company board meets in March.",
      ].join("\n"),
      { clientName: "Fernlight Labs", speakers: ["Dana Whitfield", "Nadia Fischer"] },
    );
    const q = "What is the company's monthly burn?";
    const scored = await scoreSentences(embedder, q, detectQuestionKinds(q), [startup]);
    expect(scored[0]!.text).toBe("We burn about three hundred and ten thousand a month.");
  });

  test("'monthly' asks for a rate ('a month'), not a duration ('six months')", async () => {
    const startup = passage(
      [
        "Dana Whitfield: If the company hits a rough patch, I'd want six months of expenses, about forty-five thousand, in savings.",
        "Nadia Fischer: We burn about three hundred and ten thousand a month.",
      ].join("\n"),
      { clientName: "Fernlight Labs", speakers: ["Dana Whitfield", "Nadia Fischer"] },
    );
    const q = "What is the company's monthly burn?";
    const scored = await scoreSentences(embedder, q, detectQuestionKinds(q), [startup]);
    expect(scored[0]!.text).toBe("We burn about three hundred and ten thousand a month.");
    expect(questionTerms("What is our annual fee?")).toEqual(["per-year", "fee"]);
  });

  test("a decision question selects the commitment", async () => {
    const q = "What did we agree about the trade list?";
    const scored = await scoreSentences(embedder, q, detectQuestionKinds(q), [COLLEGE, REBALANCE]);
    expect(scored[0]!.text).toContain("I will prepare the trade list");
  });

  test("off-topic questions find nothing relevant", async () => {
    for (const q of ["What is the weather in Paris?", "xqzv", "How do I bake sourdough bread?"]) {
      const scored = await scoreSentences(embedder, q, detectQuestionKinds(q), [COLLEGE, REBALANCE]);
      expect(isRelevant(scored[0])).toBe(false);
    }
  });

  test("one shared common word does not make an off-topic question relevant", async () => {
    const BAKERY = passage(
      [
        "Dana Whitfield: I like that you're including working capital. The SBA loan covers the oven and the buildout.",
        "Rosa Alvarez: The landlord wants forty-eight hundred a month for the Riverside space.",
      ].join("\n"),
    );
    for (const q of [
      "What is the capital of France?",
      "What is the capital of Peru?",
      "Who owns the Riverside Stadium?",
    ]) {
      const scored = await scoreSentences(embedder, q, detectQuestionKinds(q), [BAKERY, COLLEGE]);
      expect({ q, relevant: isRelevant(scored[0]) }).toEqual({ q, relevant: false });
    }
    // The same sentences answer questions whose words the meetings hold.
    for (const q of ["Did we talk about working capital?", "What rent does the Riverside landlord want?"]) {
      const scored = await scoreSentences(embedder, q, detectQuestionKinds(q), [BAKERY, COLLEGE]);
      expect({ q, relevant: isRelevant(scored[0]) }).toEqual({ q, relevant: true });
    }
  });

  test("a question term no passage holds lowers the share the meetings know", () => {
    expect(knownTermShare(questionTerms("What is the capital of France?"), [COLLEGE])).toBe(0);
    expect(knownTermShare(questionTerms("What is the 529 balance?"), [COLLEGE])).toBe(1);
    const share = knownTermShare(questionTerms("What is the 529 balance in France?"), [COLLEGE]);
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(1);
  });

  test("'Margaret's IRA' is the 'your IRA' said to Margaret, and an amount answers 'worth'", async () => {
    const HENDRICKS = passage(
      [
        "Dana Whitfield: The trust is doing well this year.",
        "Dana Whitfield: And there's one piece outside the trust: your IRA, about seven hundred and twenty thousand dollars.",
        "Margaret Hendricks: I had forgotten about the IRA beneficiary form.",
      ].join("\n"),
      { speakers: ["Dana Whitfield", "Margaret Hendricks"], clientName: "Hendricks Family Trust" },
    );
    const q = "How much is Margaret's IRA worth?";
    const scored = await scoreSentences(embedder, q, detectQuestionKinds(q), [HENDRICKS]);
    expect(scored[0]!.text).toContain("seven hundred and twenty thousand");
    expect(isRelevant(scored[0])).toBe(true);
  });

  test("an acronym matches the words it stands for, both ways", async () => {
    const RMD = passage(
      "Dana Whitfield: Next, the trust's distribution policy. This year's RMD is thirty-one thousand four hundred dollars.",
    );
    const spelled = "What is Margaret's required minimum distribution?";
    const scored = await scoreSentences(embedder, spelled, detectQuestionKinds(spelled), [RMD]);
    expect(scored[0]!.text).toContain("RMD is thirty-one thousand");
    expect(scored[0]!.coverage).toBeGreaterThan(0.7);
    const SPELLED = passage("Dana Whitfield: Your required minimum distribution is thirty-one thousand this year.");
    const short = "What is the RMD?";
    const back = await scoreSentences(embedder, short, detectQuestionKinds(short), [SPELLED]);
    expect(back[0]!.coverage).toBe(1);
    // Lower-case words in a question are no acronyms: "fee" is not "four eight eleven".
    const FEE = passage("Dana Whitfield: Four eight eleven is the code.");
    const fee = await scoreSentences(embedder, "What is the fee?", ["amount"], [FEE]);
    expect(fee[0]!.coverage).toBe(0);
  });

  test("a fact question prefers the moment it was said to the summary line restating it", async () => {
    const SAID = passage("Dana Whitfield: The cash reserve is about two hundred and thirty thousand dollars.");
    // A summary chunk links to no moment.
    const SUMMARY = passage("The cash reserve is about $230,000.", {
      source: "summary",
      speakers: [],
      startSeconds: null,
    });
    const q = "How big is the cash reserve?";
    const scored = await scoreSentences(embedder, q, detectQuestionKinds(q), [SAID, SUMMARY]);
    expect(scored[0]!.speaker).toBe("Dana Whitfield");
  });

  test("a question is answerable when one of the best sentences is relevant, not only the first", async () => {
    const q = "What rent does the Riverside landlord want?";
    const scored = await scoreSentences(embedder, q, detectQuestionKinds(q), [
      passage("Rosa Alvarez: It is a nice space, forty-eight hundred a month they want, near the river."),
      passage("Dana Whitfield: The Riverside landlord wants rent of forty-eight hundred a month."),
    ]);
    expect(isRelevant(scored[0])).toBe(true);
    expect(scored.every((s) => s.answerable === true)).toBe(true);
  });

  test("the sentences are embedded in one batch", async () => {
    const calls: number[] = [];
    const counting = {
      ...embedder,
      embed: (texts: string[]) => {
        calls.push(texts.length);
        return embedder.embed(texts);
      },
    };
    await scoreSentences(counting, "What is the 529 balance?", ["amount"], [COLLEGE, REBALANCE]);
    expect(calls.length).toBe(1);
    expect(calls[0]).toBeGreaterThan(5);
  });

  test("sentences inside windows retrieval scored take their window's similarity; only the lead is embedded", async () => {
    const calls: string[][] = [];
    const counting = {
      ...embedder,
      embed: (texts: string[]) => {
        calls.push(texts);
        return embedder.embed(texts);
      },
    };
    const lines = Array.from(
      { length: 30 },
      (_, i) => `Dana Whitfield: Account ${i + 1} holds ${i + 2} thousand dollars in the balance fund.`,
    );
    const content = lines.join("\n");
    const windows = splitIntoWindows(content);
    // The window holding account 17 is the one nearest the question.
    const nearest = windows.findIndex((w) => w.includes("Account 17 "));
    const long = passage(content, { windowSimilarities: windows.map((_, i) => (i === nearest ? 0.9 : 0.1)) });
    const scored = await scoreSentences(counting, "What is the balance fund?", ["amount"], [long]);
    // One call for the question, one for the lead: not the 30 sentences.
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual(["What is the balance fund?"]);
    expect(calls[1]!.length).toBeLessThanOrEqual(RESCORED_SENTENCES);
    // The lead was chosen by the windows: the sentences of the nearest window are among the rescored.
    expect(calls[1]!.some((t) => t.includes("Account 17 "))).toBe(true);
    expect(scored).toHaveLength(30);
  });

  test("the moment is the start of the segment that holds the sentence", () => {
    const segments = Array.from({ length: 10 }, (_, i) => ({ start: i * 10, text: `turn ${i}` }));
    segments[8] = { start: 84, text: "The 529 balance is sixty-four thousand. Projected costs..." };
    expect(momentOf("The 529 balance is sixty-four thousand.", COLLEGE, segments)).toBe(84);
    expect(momentOf("Not in any segment.", COLLEGE, segments)).toBe(72);
    expect(momentOf("Anything", passage("x", { startSeconds: null, segmentIndexes: undefined }), undefined)).toBe(null);
  });
});

describe("the local answer", () => {
  test("first line: the finding, its speaker and a link to the moment; then cited supporting quotes", async () => {
    const q = "What is the balance of the 529 plan?";
    const understood = understandQuestion(q, [], []);
    const passages = [COLLEGE, REBALANCE];
    const scored = await scoreSentences(embedder, q, understood.kinds, passages);
    const evidence = pickEvidence(scored, passages).map(({ passage: _, ...e }, i) => ({
      ...e,
      seconds: i === 0 ? 84 : null,
    }));
    const answer = composeLocalAnswer({
      question: q,
      understood,
      facts: [],
      passages,
      evidence,
      found: true,
      history: [],
    });
    const [first] = answer.split("\n");
    expect(first).toContain("The 529 balance is sixty-four thousand.");
    expect(first).toContain("Dana Whitfield");
    expect(first).toContain("](/meetings/7?t=84)");
    expect(answer).toContain("Annual Portfolio Review (April 14, 2025)");
  });

  test("nothing found says so plainly", () => {
    const understood = understandQuestion("xqzv", [], []);
    const answer = composeLocalAnswer({
      question: "xqzv",
      understood,
      facts: [],
      passages: [],
      evidence: [],
      found: false,
      history: [],
    });
    expect(answer).toContain("couldn't find anything");
  });
});

describe("a question about one meeting", () => {
  const fact = (id: number, title: string, type = "Meeting") => ({
    id,
    title,
    type,
    date,
    clientId: 1,
    clientName: "C",
    summary: null,
  });

  test("the meeting whose title holds every word of the topic comes first, alone", () => {
    const facts = [
      fact(1, "Quarterly Trust Review"),
      fact(2, "Investment Review: Retirement Income Portfolio"),
      fact(3, "Annual Portfolio Review"),
    ];
    expect(rankByTopic(facts, ["investment", "review"]).map((f) => f.id)).toEqual([2]);
    expect(rankByTopic(facts, ["portfolio", "annual"]).map((f) => f.id)).toEqual([3]);
    expect(rankByTopic(facts, ["trust", "cabin"]).map((f) => f.id)).toEqual([1]);
  });
});

test("a decision question's terms are what it is about, not the words that make it a decision question", () => {
  // "What did we decide about the bonds?" was answered "nothing found": "decide" counted as a term no sentence held.
  expect(questionTerms("What did we decide about the bonds?")).toEqual(questionTerms("bonds"));
  expect(questionTerms("What was agreed on the trustee?")).toEqual(questionTerms("trustee"));
});
