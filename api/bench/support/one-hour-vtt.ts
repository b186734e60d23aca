// A realistic one-hour advisor meeting as WebVTT: three speakers, cue timestamps, about 9,000 words
// (150 words a minute), moving through the agenda of an annual review. Deterministic for a seed.

const AGENDA: { topic: string; lines: string[] }[] = [
  {
    topic: "opening",
    lines: [
      "Thanks for making the time today, I know the last few weeks have been busy for both of you.",
      "Before we start, has anything changed at home or at work since we last spoke in the spring?",
      "Robert started the new role in September, so the salary and the benefits package are different now.",
      "We also want to talk about the house, because the roof needs to be replaced sooner than we thought.",
      "Good, I have those on the agenda, along with the portfolio review, taxes and the estate documents.",
      "I sent the agenda on Monday, but let me walk through it quickly so we use the hour well.",
    ],
  },
  {
    topic: "portfolio",
    lines: [
      "Equities are now about fifty-eight percent of the portfolio against a target of fifty-five percent.",
      "The drift comes mostly from the large-cap growth fund, which returned a little over twenty percent this year.",
      "I would trim that fund and move the proceeds into the short-term bond ladder we set up last year.",
      "Does trimming it create a big tax bill, or is most of that position in the retirement accounts?",
      "Most of it sits in the IRA, so rebalancing there has no tax cost at all.",
      "The international fund is down about six percent, which gives us a chance to harvest some losses.",
      "We can swap it for a similar fund for thirty-one days so we keep the exposure without a wash sale.",
      "I am comfortable with that as long as we don't end up with more risk than we had before.",
      "Your risk questionnaire still points to a moderate profile, and the plan matches it after the rebalance.",
      "Cash in the brokerage account is around forty thousand dollars, which is more than we need there.",
    ],
  },
  {
    topic: "cash flow",
    lines: [
      "Let's keep six months of expenses in the high-yield savings account as the emergency fund.",
      "Six months for us is roughly forty-five thousand, now that the mortgage payment went up with the escrow.",
      "Property taxes went up again, so the escrow estimate will change in March.",
      "The roof quote came in at thirty-two thousand dollars, and the contractor can start in April.",
      "I would pay for the roof from the brokerage cash rather than the emergency fund.",
      "That works, and it means we don't have to sell anything at a gain this year.",
      "Robert's new employer matches six percent in the 401(k), so we should raise his contribution to get all of it.",
      "Right now I'm contributing four percent, so I'm leaving part of the match on the table.",
    ],
  },
  {
    topic: "taxes",
    lines: [
      "The estimated tax payment for the fourth quarter is due on January fifteenth.",
      "With the bonus in December your withholding may fall short, so I'd like your accountant to run the numbers.",
      "The charitable gift through the donor-advised fund would offset part of the capital gain from the land sale.",
      "We were thinking of giving about ten thousand to the scholarship fund at Margaret's old school.",
      "Giving appreciated shares instead of cash saves you the tax on the gain, so let's use the growth fund shares.",
      "Can you send me the statements from the old 401(k) so we can plan the rollover before year end?",
      "I'll ask the accountant whether a Roth conversion makes sense in a year with this much income.",
      "It probably doesn't this year, but next year, after the bonus, the bracket could be a lot lower.",
    ],
  },
  {
    topic: "education",
    lines: [
      "We discussed funding the education account with a lump sum versus monthly contributions.",
      "Emma starts high school next fall, so we have about four years before the first tuition bill.",
      "A lump sum now gives the money more time in the market, but monthly contributions are easier on cash flow.",
      "The state gives a deduction on contributions up to a limit, so we should at least reach that every year.",
      "Grandma also wants to contribute, and we weren't sure whether she should open her own account.",
      "She can contribute to the existing account, or own one herself, which has different financial aid effects.",
    ],
  },
  {
    topic: "estate and insurance",
    lines: [
      "The trust documents name Claire as successor trustee, and we need her signature on page four.",
      "Claire said she is happy to do it, but she lives in Denver, so it will have to go by mail.",
      "The beneficiary designations on the life insurance still point to the old trust, which we should fix.",
      "I'd like to review the insurance coverage, especially the umbrella policy, at our next meeting.",
      "The term policy on Robert runs out in six years, and we may want to extend it while he is still healthy.",
      "The attorney can update the powers of attorney at the same time as the trust amendment.",
      "Let's make sure the new house title is held by the trust as well, otherwise it goes through probate.",
    ],
  },
  {
    topic: "wrap-up",
    lines: [
      "I'll draft the updated investment policy statement by Friday and share it for comments.",
      "Margaret will send the old 401(k) statements and the roof contract by the end of next week.",
      "Robert will raise the 401(k) contribution to six percent in the benefits portal this month.",
      "I'll ask the attorney to prepare the trust amendment and send it to Claire for signature.",
      "Let's meet again on February 18 to go over the tax return and the insurance review.",
      "That sounds good, thank you for pulling all of this together so clearly.",
    ],
  },
];

const FILLERS = ["Right.", "Okay, that makes sense.", "Yes, exactly.", "Good question.", "Sure.", "Mm-hmm, go on."];

const stamp = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${s.toFixed(3).padStart(6, "0")}`;
};

/** About `minutes` of conversation at 150 words a minute; returns the file text and its word count. */
export function buildMeetingVtt(minutes = 60, seed = 7): { text: string; words: number; cues: number } {
  const speakers = ["Dana Whitfield", "Margaret Hendricks", "Robert Hendricks"];
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
  const total = minutes * 60;
  const lines = ["WEBVTT", "", "NOTE Annual review, Hendricks household", ""];
  let clock = 0;
  let words = 0;
  let cues = 0;
  let previous = -1;
  while (clock < total) {
    const section = AGENDA[Math.min(AGENDA.length - 1, Math.floor((clock / total) * AGENDA.length))]!;
    // The advisor speaks about half the time; the clients share the rest.
    let speaker = next(2) === 0 ? 0 : 1 + next(2);
    if (speaker === previous) speaker = (speaker + 1 + next(2)) % 3;
    previous = speaker;
    const count = next(5) === 0 ? 0 : 1 + next(3);
    const sentences =
      count === 0
        ? [FILLERS[next(FILLERS.length)]!]
        : Array.from({ length: count }, () => section.lines[next(section.lines.length)]!);
    // One cue per sentence, as meeting tools caption them.
    for (const text of sentences) {
      if (clock >= total) break;
      const n = text.split(/\s+/).length;
      const end = Math.min(total, clock + Math.max(1.2, n / 2.6));
      lines.push(`${++cues}`, `${stamp(clock)} --> ${stamp(end)}`, `<v ${speakers[speaker]}>${text}`, "");
      words += n;
      clock = end + 0.1;
    }
    clock += 0.2 * next(4);
  }
  return { text: lines.join("\n"), words, cues };
}
