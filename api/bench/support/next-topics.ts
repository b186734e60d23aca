// Set 1's next meeting with its topics (issue 38's figure; set 2 and 3 have their own regexes): the day is right by
// set 1's rule, and one of the product's topics shares content words with one of the truth's topics as action items
// do (overlap of shared words over the smaller set at least TASK_OVERLAP). No next meeting in the truth, or no topic
// on either side, never passes, as in set 2's scorer.
import type { TruthMeeting } from "./advisor-set";
import { contentWords, overlap, TASK_OVERLAP } from "./notes-scoring";

export function set1NextWithTopics(
  dayRight: boolean,
  truth: TruthMeeting["nextMeeting"],
  got: { topics: string[] } | null,
): boolean {
  if (!dayRight || truth === null || got === null) return false;
  return truth.topics.some((topic) =>
    got.topics.some((said) => overlap(contentWords(topic), contentWords(said)) >= TASK_OVERLAP),
  );
}
