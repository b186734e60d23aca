export interface RegistrationDetails {
  email: string;
  username: string;
  fullName: string;
}

export type RegistrationPlanChoice = "premium" | "free";

export type RegistrationStep = 1 | 2 | 3;

export interface RegistrationState {
  step: RegistrationStep;
  details: RegistrationDetails;
  termsAccepted: boolean;
  plan: RegistrationPlanChoice | null;
  /** Temporary id of a paid sign-up, from the checkout's return to step 3. */
  tempUserId?: string;
}

export const MIN_PASSWORD_LENGTH = 8;

/**
 * The start state from the query: `step=3&tid=..&email=..&name=..&username=..` is the return from the
 * card checkout (entries and the premium plan restored, step 3); `step=2` with the entries is a
 * cancelled checkout (back on the plan step). Anything else starts at step 1.
 */
export function initialRegistrationState(params: URLSearchParams): RegistrationState {
  const details = {
    email: params.get("email") ?? "",
    username: params.get("username") ?? "",
    fullName: params.get("name") ?? "",
  };
  const complete = Boolean(details.email && details.username && details.fullName);
  const tid = params.get("tid")?.trim();
  if (params.get("step") === "3" && tid && complete) {
    return { step: 3, details, termsAccepted: true, plan: "premium", tempUserId: tid };
  }
  if (params.get("step") === "2" && complete) return { step: 2, details, termsAccepted: true, plan: null };
  return { step: 1, details, termsAccepted: false, plan: null };
}

const complete = (details: RegistrationDetails) =>
  Boolean(details.email.trim() && details.username.trim() && details.fullName.trim());

/**
 * The furthest step `state` may show: the plan step once the entries and the terms are there, the password step once a
 * plan is (premium only with the temporary id of its payment).
 */
export function furthestStep(state: Omit<RegistrationState, "step">): RegistrationStep {
  if (!complete(state.details) || !state.termsAccepted) return 1;
  if (state.plan === "free" || (state.plan === "premium" && state.tempUserId)) return 3;
  return 2;
}

/** Whether the address is a return from the card checkout: it carries the entries, which then come first. */
export const isCheckoutReturn = (params: URLSearchParams): boolean => params.has("email") || params.has("tid");

/** The step the address asks for (`?step=2`), 1 without one. */
export function stepInAddress(params: URLSearchParams): RegistrationStep {
  const step = params.get("step");
  return step === "2" ? 2 : step === "3" ? 3 : 1;
}

/** Query of the checkout's cancel address: back to the plan step with the entries kept. */
export function cancelPath(details: RegistrationDetails): string {
  const query = new URLSearchParams({
    step: "2",
    email: details.email,
    name: details.fullName,
    username: details.username,
  });
  return `/register?${query}`;
}
