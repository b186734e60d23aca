import type { AnswerStore } from "../answer-store";
import { aliasesFromSpeakers, type NamedClient } from "../understand/match-client";

/** The user's clients, each with the first names of its own people (from its meetings' speakers). */
export async function loadClientDirectory(store: AnswerStore, userId: number): Promise<NamedClient[]> {
  const [clients, speakers] = await Promise.all([store.clientNames(userId), store.clientSpeakers(userId)]);
  const byClient = new Map<number, string[]>();
  for (const { clientId, speaker } of speakers) byClient.set(clientId, [...(byClient.get(clientId) ?? []), speaker]);
  return clients.map((c) => ({ ...c, aliases: aliasesFromSpeakers(c, byClient.get(c.id) ?? []) }));
}
