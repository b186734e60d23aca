// A question about a client the user does not have: nothing is looked up, the answer says so and cites nothing.
import type { AnswerKind } from "./answer-kind";
import { nothingFor } from "./answer-kind";

export const nothingFound: AnswerKind = {
  name: "nothing-found",
  about: "a client the user does not have: says so, cites nothing",
  gather: async (plan) => nothingFor(plan, { unknownClient: plan.unknownClient }),
};
