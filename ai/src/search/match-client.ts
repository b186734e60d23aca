/** Words that say what kind of entity a client is, not which one: they never identify a client alone. */
const GENERIC = new Set([
  "the",
  "and",
  "of",
  "a",
  "an",
  "family",
  "trust",
  "llc",
  "inc",
  "ltd",
  "co",
  "corp",
  "company",
  "group",
  "partners",
  "holdings",
  "estate",
  "foundation",
  "fund",
  "associates",
  "studio",
  "studios",
  "&",
]);

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9&\s'-]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/'s$/, ""));

function nearlyEqual(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  // One edit at most (typos like "Hendrick" / "Hendricks").
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

export interface NamedClient {
  id: number;
  name: string;
}

/**
 * Finds the clients a question names, leniently: "the Hendricks trust" finds "Hendricks Family Trust".
 * A client matches when the question holds one of its distinctive words (or a near spelling).
 */
export function matchClients<T extends NamedClient>(question: string, clients: T[]): T[] {
  const asked = words(question);
  const scored = clients
    .map((client) => {
      const distinctive = words(client.name).filter((w) => !GENERIC.has(w) && w.length > 1);
      const hits = distinctive.filter((w) => asked.some((a) => nearlyEqual(a, w))).length;
      const whole = question.toLowerCase().includes(client.name.toLowerCase());
      return { client, score: whole ? 2 : distinctive.length ? hits / distinctive.length : 0 };
    })
    .filter((s) => s.score > 0);
  if (scored.length === 0) return [];
  const best = Math.max(...scored.map((s) => s.score));
  return scored.filter((s) => s.score === best).map((s) => s.client);
}
