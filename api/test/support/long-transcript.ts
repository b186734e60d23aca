// A realistic long advisor meeting as WebVTT: two or three speakers, timestamps, varied sentences.
const SENTENCES = [
  "Let's go through the portfolio allocation and see where we drifted since the last review.",
  "Equities are now about fifty-eight percent against a target of fifty-five percent.",
  "I would trim the large-cap growth fund and move the proceeds into the short-term bond ladder.",
  "The required minimum distribution for this year comes to roughly twenty-two thousand dollars.",
  "We should harvest the losses in the international fund before the end of the quarter.",
  "Can you send me the statements from the old 401(k) so we can plan the rollover?",
  "The trust documents name Claire as successor trustee, and we need her signature on page four.",
  "Property taxes went up again, so the escrow estimate will change in March.",
  "I'll draft the updated investment policy statement by Friday and share it for comments.",
  "Let's keep six months of expenses in the high-yield savings account as the emergency fund.",
  "The estimated tax payment for the third quarter is due on the fifteenth.",
  "We discussed funding the education account with a lump sum versus monthly contributions.",
  "Your risk tolerance questionnaire still points to a moderate profile, which matches the plan.",
  "I'd like to review the insurance coverage, especially the umbrella policy, at our next meeting.",
  "The charitable gift through the donor-advised fund would offset part of the capital gain.",
];

const stamp = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${s.toFixed(3).padStart(6, "0")}`;
};

/** About `minutes` of conversation (150 words a minute), one cue per turn, deterministic for a seed. */
export function buildLongTranscriptVtt(minutes: number, seed = 1, speakers = ["Dana Whitfield", "Margaret Hendricks"]) {
  const lines = ["WEBVTT", ""];
  let clock = 0;
  let turn = 0;
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  while (clock < minutes * 60) {
    const count = 1 + (next() % 3);
    const text = Array.from({ length: count }, () => SENTENCES[next() % SENTENCES.length]).join(" ");
    const seconds = Math.max(3, Math.round(text.split(" ").length / 2.5));
    const speaker = speakers[turn % speakers.length];
    lines.push(`${stamp(clock)} --> ${stamp(clock + seconds)}`, `<v ${speaker}>${text}`, "");
    clock += seconds + 1;
    turn++;
  }
  return lines.join("\n");
}
