import { describe, expect, test } from "bun:test";
import { checkFollowUp, firmSpeaker, othersFirstPerson, unmaskedNumbers } from "./follow-up-checks";

// An invented practice: Rosa Vega advises Ada and Piet Lund; Tom Reyes is the firm's paralegal.
const isFirm = firmSpeaker(["Rosa Vega", "Tom Reyes"]);
const transcript = [
  { speaker: "Rosa Vega", text: "I'll send the annuity quotes by Friday." },
  { speaker: "Ada Lund", text: "Okay. I'll tell the roofer to keep it" },
  { speaker: "Ada Lund", text: "under 15,000, then." },
  { speaker: "Piet's iPhone", text: "We sold the cabin in May." },
  { speaker: null, text: "My account number is 4471-0038-2291." },
];

const CLEAN = [
  "Hi Ada and Piet,",
  "",
  "Thank you for meeting about your pension review on March 4, 2026.",
  "",
  "## What I will do",
  "",
  "- I'll send the annuity quotes by Friday.",
  "- Update the account ending in 2291 ([the meeting](/meetings/12?t=340)).",
  "",
  "Best regards,",
  "Rosa",
].join("\n");

describe("follow-up e-mail checks", () => {
  test("a draft in the advisor's own words, masked and without questions, passes every check", () => {
    expect(checkFollowUp(CLEAN, transcript, isFirm)).toEqual({ passed: true, failed: [], evidence: {} });
  });

  test("a question back to the client fails; a link's ?t= does not", () => {
    const result = checkFollowUp(`${CLEAN}\nDid you make the 4,200 estimated payment?`, transcript, isFirm);
    expect(result.failed).toEqual(["question mark"]);
    expect(result.evidence["question mark"]).toEqual(["Did you make the 4,200 estimated payment?"]);
  });

  test("quotation marks of either kind fail", () => {
    expect(checkFollowUp(`${CLEAN}\nYou said “three trucks is two too many”.`, transcript, isFirm).failed).toEqual([
      "quotation marks",
    ]);
    expect(checkFollowUp(`${CLEAN}\nAbout "the cabin".`, transcript, isFirm).failed).toEqual(["quotation marks"]);
  });

  test('an "(Unassigned)" task fails', () => {
    expect(checkFollowUp(`${CLEAN}\n- Bring the deed (Unassigned)`, transcript, isFirm).failed).toEqual(["Unassigned"]);
  });

  test("account, card and social security numbers shown whole fail; days, amounts, phones and last four do not", () => {
    expect(unmaskedNumbers("Account 4471-0038-2291 and SSN 123-45-6789, card 4111 1111 1111 1111.")).toEqual([
      "4471-0038-2291",
      "123-45-6789",
      "4111 1111 1111 1111",
    ]);
    expect(unmaskedNumbers("Routing 021000021.")).toEqual(["021000021"]);
    expect(unmaskedNumbers("On 2026-11-30, $250000 and 1,250,000 dollars; account ending 2291; ****2291.")).toEqual([]);
    expect(unmaskedNumbers("My direct line is 555-0143, or 212-555-0187.")).toEqual([]);
    expect(checkFollowUp(`${CLEAN}\nAccount 4471-0038-2291.`, transcript, isFirm).failed).toEqual(["unmasked number"]);
  });

  test("a client's first-person sentence in the advisor's mouth fails, even across two of their segments", () => {
    const body = `${CLEAN}\n- I'll tell the roofer to keep it under 15,000, then.\n- We sold the cabin in May.`;
    expect(othersFirstPerson(body, transcript, isFirm)).toEqual([
      "- I'll tell the roofer to keep it under 15,000, then.",
      "- We sold the cabin in May.",
    ]);
    expect(checkFollowUp(body, transcript, isFirm).failed).toEqual(["someone else's first person"]);
  });

  test("the advisor's own first person, and a sentence from a speakerless transcript, are not counted", () => {
    expect(othersFirstPerson("I'll send the annuity quotes by Friday.", transcript, isFirm)).toEqual([]);
    expect(othersFirstPerson("My account number is on file.", transcript, isFirm)).toEqual([]);
  });

  test("the firm is told by name words, whatever the label's form", () => {
    expect(isFirm("Rosa")).toBe(true);
    expect(isFirm("Tom Reyes (Guest)")).toBe(true);
    expect(isFirm("Piet's iPhone")).toBe(false);
  });
});
