// "Which clients have RMDs coming up?": every meeting of the period searched for the subject, each client whose
// meetings hold a relevant sentence listed with it. "Which clients did I meet last month?" lists the clients met,
// through the meetings path (from-meetings.ts).
import { withMoments } from "../fetch/with-moments";
import { listsAcrossClients } from "../understand/plan-question";
import { type AnswerKind, listFound, nothingFor } from "./answer-kind";
import { gatherFromMeetings } from "./from-meetings";
import { gatherAcross } from "./gather-across";

export const clientList: AnswerKind = async (plan, deps) => {
  if (!listsAcrossClients(plan)) return gatherFromMeetings(plan, deps);
  const { understood, shape } = plan;
  const { passages, chosen, ranking } = await gatherAcross(
    deps,
    shape.subject,
    understood.kinds,
    plan.period,
    plan.question,
  );
  const evidence = await withMoments(deps.store, chosen, passages);
  if (evidence.length === 0) return nothingFor(plan, { shape });
  const acrossClients = evidence.map((e) => ({ clientName: e.clientName, evidence: [e] }));
  return listFound(plan, deps, { passages, evidence, ranking, acrossClients });
};
