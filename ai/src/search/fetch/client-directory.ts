import type { AnswerStore } from "../answer-store";
import { aliasesFromSpeakers, type NamedClient } from "../understand/match-client";

/** The user's clients, each with the first names of its own people (from its meetings' speakers). */
export async function loadClientDirectory(store: AnswerStore, userId: number): Promise<NamedClient[]> {
  const [clients, speakers] = await Promise.all([store.clientNames(userId), store.clientSpeakers(userId)]);
  const byClient = new Map<number, { name: string; meetingIds: number[] }[]>();
  for (const { clientId, speaker, meetingIds } of speakers)
    byClient.set(clientId, [...(byClient.get(clientId) ?? []), { name: speaker, meetingIds: meetingIds.map(Number) }]);
  return clients.map((c) => {
    const speakers = byClient.get(c.id) ?? [];
    return {
      ...c,
      aliases: aliasesFromSpeakers(
        c,
        speakers.map((s) => s.name),
      ),
      speakers,
    };
  });
}
