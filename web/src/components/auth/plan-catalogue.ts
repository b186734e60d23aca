import type { PlanId, PlansAnswer } from "@cm/api/models";
import useSWR from "swr";
import { fetchJson } from "../../lib/api-request";

export const PLANS_KEY = "/api/payments/plans";
/** Plan ids are the server's (PlanId): a renamed plan fails the typecheck here. */
export const REGISTRATION_PLAN_ID: PlanId = "REGISTRATION_PREMIUM";
export const ENTERPRISE_PLAN_ID: PlanId = "ENTERPRISE_SUBSCRIPTION";

/**
 * GET /api/payments/plans, the one source of plan names, prices and features. Server-rendered pages (/register,
 * /checkout) carry the answer in their SWR fallback; each value is undefined until the server has answered (or when
 * the call failed), so callers only announce "payments are off" when the server said so.
 */
export function usePlans() {
  const { data } = useSWR<PlansAnswer>(PLANS_KEY, fetchJson, { shouldRetryOnError: false });
  return { plans: data?.plans, registrationPlan: data?.registrationPlan, paymentsEnabled: data?.paymentsEnabled };
}

export const formatPrice = (price: number) => `$${price}/month`;
