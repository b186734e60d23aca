// "Which clients is Tomás handling?", "What clients does Priya work with?": a question for the clients of a person who
// speaks in the meetings (a colleague, a paralegal, an outside accountant), not for a subject the meetings hold. The
// person is a name the question writes that a client's meetings have as a speaker and that names no client.
import { withoutToolTag } from "../../language/sentences";
import { clientWordTest, type NamedClient } from "./match-client";
import { namesIn } from "./names-in-text";

/** The person asked about, as the meetings label them, and the meetings they speak in. */
export interface PersonAsked {
  name: string;
  meetingIds: number[];
}

const CLIENTS_OF = /\b(?:which|what)\s+clients\b/i;

/** The person a "which clients" question asks about, when it names one who speaks in the meetings. */
export function personAsked(question: string, clients: readonly NamedClient[]): PersonAsked | undefined {
  if (!CLIENTS_OF.test(question.slice(0, 1000))) return undefined;
  const namesClient = clientWordTest(clients);
  const names = namesIn(question).filter((name) => !namesClient(name));
  for (const name of names) {
    const meetingIds = new Set<number>();
    let label = "";
    for (const speaker of clients.flatMap((c) => c.speakers ?? [])) {
      const shown = withoutToolTag(speaker.name);
      if (!shown.toLowerCase().split(" ").includes(name)) continue;
      for (const id of speaker.meetingIds) meetingIds.add(id);
      // The fullest label names them best ("Tomás Ibarra" rather than "Tomás").
      if (shown.length > label.length) label = shown;
    }
    if (meetingIds.size) return { name: label, meetingIds: [...meetingIds].sort((a, b) => a - b) };
  }
  return undefined;
}
