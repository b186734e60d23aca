// Life events an advisor writes down though no figure is said: health ("I had a stent", "she was diagnosed"),
// school ("got into", "was admitted to"), family ("was born", "birth sister", "got married", "passed away"), work
// ("laid off", "retiring next June"), a move ("moving to"), and people agreeing to a role ("said yes", "agreed to be").
// Such a sentence is a fact of its own kind: it gets a key point's place of its own instead of competing with money
// figures it cannot outrank. One alternation of plain words per kind, each from a word boundary, so the step runs in
// linear time.

const HEALTH =
  /\b(?:stents?|(?:had|needs?|needed|having) (?:a |an |his |her |my )?(?:surgery|operation|bypass|transplant|pacemaker)|heart attack|a stroke|cancer|diagnos(?:ed|is)|chemo(?:therapy)?|(?:was|got|been) (?:in the )?hospitali[sz]ed|dementia|alzheimer's|parkinson's|pregnant)\b/i;
const SCHOOL =
  /\b(?:got into|(?:was|got|been) (?:admitted|accepted) (?:to|at|into)|graduat(?:ed|es|ing) (?:from|in|this|next|last)|starts? (?:college|school|kindergarten|university))\b/i;
const FAMILY =
  /\b(?:(?:was|were|got|is|being) born|(?:got|getting|were|was) (?:married|engaged|divorced|separated)|divorce|adopt(?:ed|ion|ing)|foster(?:-to-adopt| care| family| home)|birth (?:mother|father|sister|brother|parents?|family)|passed away|(?:has|had|just) died|widow(?:ed|er)?|funeral|grandbaby|first grandchild)\b/i;
const WORK_OR_MOVE =
  /\b(?:laid off|(?:got|took|starting|started) (?:a )?new job|(?:got|was) promoted|retir(?:e|es|ing) (?:at the end of|next|this|in|on)|retired (?:last|in|from)|(?:moving|moved|relocating|relocated) (?:to|in with|back to|out of))\b/i;
// A plan's documents signed or recorded, and people agreeing to take a role.
const PLAN_EVENT =
  /\b(?:(?:signed|executed) (?:the|our|your|his|her|their|a|my) (?:\w+ )?(?:trust|wills?|documents|papers|deed|power of attorney)|deed (?:is|was|got|has been) recorded|said yes|agreed to (?:be|serve|act|take))\b/i;
const KINDS = [HEALTH, SCHOOL, FAMILY, WORK_OR_MOVE, PLAN_EVENT];
// "If he had a stroke…", "Say you got divorced…", "God forbid, you have a heart attack…": a case, not what happened.
const HYPOTHETICAL =
  /^(?:and |so |but )?(?:say|suppose|imagine|let's say|when)\b|\b(?:if|god forbid|heaven forbid|in case)\b/i;
const QUESTION = /\?["'”)]*$/;

/** True when the sentence tells of a life event that happened or is planned (not a question or a case). */
export function tellsLifeEvent(text: string): boolean {
  const plain = text.trim();
  return KINDS.some((kind) => kind.test(plain)) && !HYPOTHETICAL.test(plain) && !QUESTION.test(plain);
}
