import useSWR from "swr";
import { fetchJson } from "../../lib/api-request";
import { PLAN_NAME, PLAN_PRICE_USD } from "../../lib/brand";

/** Plan catalogue entry (spec section 3); price in US dollars per month. */
export interface Plan {
  id: string;
  name: string;
  price: number;
  features: string[];
}

export interface PlansResponse {
  plans: Plan[];
  registrationPlan: Plan;
  paymentsEnabled: boolean;
}

export const PLANS_KEY = "/api/payments/plans";
export const REGISTRATION_PLAN_ID = "REGISTRATION_PREMIUM";
export const ENTERPRISE_PLAN_ID = "ENTERPRISE_SUBSCRIPTION";

/** Shown until (or if never) the plans call answers; same content as the server's catalogue. */
export const FALLBACK_REGISTRATION_PLAN: Plan = {
  id: REGISTRATION_PLAN_ID,
  name: PLAN_NAME,
  price: PLAN_PRICE_USD,
  features: [
    "AI transcription of your client meetings",
    "Intelligent summaries, key points and action items",
    "Meeting Intelligence: ask questions of your transcripts and notes",
    "Private notes for every meeting",
    "Your data is never used to train models or shared with third parties",
  ],
};

/** Spec section 9: the three plans of /checkout. */
export const FALLBACK_CHECKOUT_PLANS: Plan[] = [
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
    id: ENTERPRISE_PLAN_ID,
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

/**
 * GET /api/payments/plans. `paymentsEnabled` is undefined until the server has answered (or when the
 * call failed), so callers only announce "payments are off" when the server said so.
 */
export function usePlans() {
  const { data } = useSWR<PlansResponse>(PLANS_KEY, fetchJson, { shouldRetryOnError: false });
  const registrationPlan = data?.registrationPlan ?? FALLBACK_REGISTRATION_PLAN;
  return {
    plans: data?.plans?.length ? data.plans : FALLBACK_CHECKOUT_PLANS,
    // The sign-up card always carries the product's plan name and five features (spec section 2).
    registrationPlan: { ...registrationPlan, name: PLAN_NAME, features: registrationPlan.features.slice(0, 5) },
    paymentsEnabled: data?.paymentsEnabled,
  };
}

export const formatPrice = (price: number) => `$${price}/month`;
