// "What has changed for the Okafors since our first meeting?": the subject looked up in the newest, the first and a
// middle meeting of the client's, what differs leading. Fewer than two meetings, or nothing found in them: the plan
// goes on as a question about the client's meetings.

import { heldMeetings } from "../fetch/resolve-meetings";
import { withMoments } from "../fetch/with-moments";
import { type AnswerKind, listFound } from "./answer-kind";
import { gatherChanges } from "./gather-changes";

export const whatChanged: AnswerKind = async (plan, deps) => {
  const facts = await heldMeetings(plan, deps);
  if (facts.length < 2) return undefined;
  const { passages, chosen, ranking } = await gatherChanges(deps, facts, plan.subject, plan.understood.kinds);
  const changes = await withMoments(deps.store, chosen, passages);
  if (!changes.length) return undefined;
  return listFound(plan, deps, { passages, evidence: changes, changes, ranking });
};
