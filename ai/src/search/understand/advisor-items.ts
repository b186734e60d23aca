// "What did I promise Tom?", "what am I supposed to send them?": the first person is the advisor asking (the
// signed-in user), so the items asked for are those assigned to the advisor, not those of the client the question
// names (own-commitment.rules). ("We" stays the firm: the advisor and the colleagues in the meeting.)
import { firstMatch } from "../../language";
import { ownCommitment } from "./own-commitment.rules";

/** True when the question asks for the advisor's own commitments ("I promised", "my to-dos"). */
export function asksOwnCommitments(question: string): boolean {
  return firstMatch(ownCommitment, question.slice(0, 1000).replace(/’/g, "'")) !== null;
}

const nameWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 1);

/**
 * True when the item is the advisor's: its assignee is the advisor's full name or a word of it ("Dana" for "Dana
 * Whitfield"). Summaries name the advisor as the meeting did, often by first name alone.
 */
export function isAdvisorsItem(assignee: string | null | undefined, advisorName: string): boolean {
  const own = new Set(nameWords(advisorName));
  return nameWords(assignee ?? "").some((w) => own.has(w));
}
