// What an answer's confidence is fitted on, for one question the bench asks: the features the answer path read, and
// whether the answer would carry the fact in its lead were it led by its best sentence. The question is answered
// again through the product's own path in the test server (its store, embedder and composer), with a model that
// leads with every answer found, so the label never depends on the model being fitted.

import { answerQuestionStream, collectAnswer } from "@cm/ai/search";
import { LEADS_WHEN_FOUND, NEVER_SURE } from "@cm/ai/test-support/confidence-models";
import type { TestServer } from "../../test/test-server";
import { scoreLead } from "./lead-scoring";

export interface ConfidenceSample {
  features: Record<string, number>;
  /** The answer found something, and its lead (as an answer) carries the fact. */
  leads: boolean;
  found: boolean;
  /** The question has an answer in the meetings (not off-topic, not a client the user lacks). */
  answerable: boolean;
  /** The fact within the first 400 characters when the answer leads with it, and when it shows the closest passages. */
  in400AsAnswer: boolean;
  in400AsPassages: boolean;
}

const userIds = new Map<string, { id: number; fullName?: string }>();

async function userOf(server: TestServer, cookie: string) {
  const known = userIds.get(cookie);
  if (known) return known;
  const state = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()) as {
    user: { id: number; fullName?: string | null } | null;
  };
  if (!state.user) throw new Error("the bench's account is not signed in");
  const user = { id: state.user.id, ...(state.user.fullName ? { fullName: state.user.fullName } : {}) };
  userIds.set(cookie, user);
  return user;
}

export async function confidenceSample(
  server: TestServer,
  cookie: string,
  query: string,
  history: { role: "user" | "assistant"; content: string }[],
  scoring: { expect: (string | RegExp)[]; notExpect: string[]; expectsNothing: boolean },
): Promise<ConfidenceSample> {
  const user = await userOf(server, cookie);
  const deps = {
    store: server.ctx.answerStore,
    embedder: server.ctx.ai.embedder,
    composer: server.ctx.composer,
    confidence: LEADS_WHEN_FOUND,
  };
  const options = { advisorName: user.fullName };
  const stream = await answerQuestionStream(deps, user.id, query, history, options);
  const answer = await collectAnswer(stream);
  const lead = scoreLead(answer, scoring.expect, scoring.notExpect, scoring.expectsNothing);
  const unsure = await collectAnswer(
    await answerQuestionStream({ ...deps, confidence: NEVER_SURE }, user.id, query, history, options),
  );
  const passages = scoreLead(unsure, scoring.expect, scoring.notExpect, scoring.expectsNothing);
  return {
    features: stream.features,
    leads: answer.found && lead.factInLead,
    found: answer.found,
    answerable: !scoring.expectsNothing,
    in400AsAnswer: answer.found && lead.factIn400,
    in400AsPassages: unsure.found && passages.factIn400,
  };
}
