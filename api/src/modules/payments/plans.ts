// The plan catalogue: the sign-up plan and the three plans of /checkout. Prices are US dollars per month.
import type { Plan, PlanId } from "./model";

export const REGISTRATION_PLAN_ID: PlanId = "REGISTRATION_PREMIUM";

/** The one paid plan of the sign-up (step 2), also advertised on the landing page. */
export const REGISTRATION_PLAN: Plan = {
  id: REGISTRATION_PLAN_ID,
  name: "Clearminute Premium",
  price: 99,
  features: [
    "AI transcription of your client meetings",
    "Intelligent summaries, key points and action items",
    "Meeting Intelligence: ask questions of your transcripts and notes",
    "Private notes for every meeting",
    "Your data is never used to train models or shared with third parties",
  ],
};

/** Sign-up without payment (also the plan of every account while payments are off). */
export const FREE_PLAN: Plan = {
  id: "FREE",
  name: "Free",
  price: 0,
  features: ["Upload and transcribe meetings", "Summaries and action items", "Private notes"],
};

/** The three plans of /checkout, with the features users are shown, word for word. */
export const CHECKOUT_PLANS: readonly Plan[] = [
  {
    id: "BASIC_SUBSCRIPTION",
    name: "Basic",
    price: 20,
    features: ["10 transcriptions per month", "basic summaries", "recordings kept 30 days", "e-mail support"],
  },
  {
    id: "PREMIUM_SUBSCRIPTION",
    name: "Premium",
    price: 40,
    features: [
      "unlimited transcriptions",
      "advanced summaries",
      "recordings 90 days",
      "priority support",
      "client analytics",
    ],
  },
  {
    id: "ENTERPRISE_SUBSCRIPTION",
    name: "Enterprise",
    price: 100,
    features: [
      "everything in Premium",
      "dedicated account manager",
      "custom AI training",
      "advanced security",
      "unlimited storage",
      "API access",
    ],
  },
];

/** Every plan a checkout session may be created for. */
export const PURCHASABLE_PLAN_IDS: readonly string[] = [REGISTRATION_PLAN_ID, ...CHECKOUT_PLANS.map((plan) => plan.id)];

export function findCheckoutPlan(id: string): Plan | undefined {
  return CHECKOUT_PLANS.find((plan) => plan.id === id);
}

/**
 * The value stored in users.subscription_plan for a plan id: "premium" for the sign-up plan
 * (what register-service writes), otherwise the lower-case tier name ("basic", "premium", "enterprise").
 */
export function toSubscriptionPlan(planId: string): string {
  if (planId === REGISTRATION_PLAN_ID) return "premium";
  const plan = findCheckoutPlan(planId);
  return plan ? plan.name.toLowerCase() : "free";
}
