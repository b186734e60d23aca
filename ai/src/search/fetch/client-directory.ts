import { findClientMentions } from "../understand/client-mentions";
import { aliasesFromSpeakers, matchClients, type NamedClient } from "../understand/match-client";
import type { AnswerStore } from "./store";

/** The user's clients, each with the first names of its own people (from its meetings' speakers). */
export async function loadClientDirectory(store: AnswerStore, userId: number): Promise<NamedClient[]> {
  const [clients, speakers] = await Promise.all([store.clientNames(userId), store.clientSpeakers(userId)]);
  const byClient = new Map<number, string[]>();
  for (const { clientId, speaker } of speakers) byClient.set(clientId, [...(byClient.get(clientId) ?? []), speaker]);
  return clients.map((c) => ({ ...c, aliases: aliasesFromSpeakers(c, byClient.get(c.id) ?? []) }));
}

/**
 * The name a question gives a client the user does not have: a name in a client's place ("with the Petersons")
 * that matches none of the clients and that some of whose words the meetings never say (so it is nobody they
 * mention either, like an adviser or a relative). Undefined when every name is known.
 */
export async function findUnknownClient(
  store: AnswerStore,
  userId: number,
  question: string,
  clients: readonly NamedClient[],
): Promise<string | undefined> {
  const unmatched = findClientMentions(question).filter((m) => matchClients(m.text, [...clients]).length === 0);
  if (unmatched.length === 0) return undefined;
  const known = await store.wordsInMeetings(
    userId,
    unmatched.flatMap((m) => m.names),
  );
  return unmatched.find((m) => m.names.some((n) => !known.has(n)))?.text;
}

/** What the answer says to a question about a client the user does not have (it cites nothing). */
export const noClientNamed = (name: string) => `You have no client named ${name}.`;
