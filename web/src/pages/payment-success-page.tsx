import type { PaymentSession } from "@cm/api/models";
import { Link, useSearchParams } from "react-router";
import useSWR from "swr";
import { AuthCard, TEXT_LINK } from "../components/auth/auth-layout";
import { usePlans } from "../components/auth/plan-catalogue";
import { type OutcomeTone, paymentOutcome } from "../components/payments/payment-outcome";
import { ApiError, fetchJson } from "../lib/api-request";
import { useMissingOnServer } from "../lib/missing-data";
import { paymentSessionKey } from "../lib/payment-keys";

const PROCESSING_RECHECK_MS = 5000;

const BADGE: Record<OutcomeTone, { ring: string; stroke: string; path: string }> = {
  success: {
    ring: "bg-emerald-100 dark:bg-emerald-500/15",
    stroke: "stroke-emerald-600 dark:stroke-emerald-400",
    path: "m5 12.5 4.5 4.5L19 7.5",
  },
  pending: {
    ring: "bg-amber-100 dark:bg-amber-500/15",
    stroke: "stroke-amber-600 dark:stroke-amber-400",
    path: "M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z",
  },
  stopped: {
    ring: "bg-slate-100 dark:bg-slate-500/15",
    stroke: "stroke-slate-600 dark:stroke-slate-300",
    path: "M12 8v5m0 3.5v.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z",
  },
};

/**
 * /payment-success: where Stripe Checkout returns (`?session_id=`). It asks the server what became of that session
 * (the server also activates a paid plan whose webhook is late) and says so: active, still processing, not finished,
 * cancelled, payments off, or no such payment.
 */
export default function PaymentSuccessPage() {
  const [search] = useSearchParams();
  const { paymentsEnabled } = usePlans();
  const key = paymentSessionKey(search);
  const missingOnServer = useMissingOnServer(key);
  const { data: session, error } = useSWR<PaymentSession>(paymentsEnabled === false ? null : key, fetchJson, {
    shouldRetryOnError: false,
    // A payment still clearing is asked about again, so the page says when the plan is active.
    refreshInterval: (latest) => (latest?.state === "processing" ? PROCESSING_RECHECK_MS : 0),
  });
  const errorStatus = error instanceof ApiError ? error.status : error ? 0 : missingOnServer ? 404 : undefined;
  const outcome = paymentOutcome({ paymentsEnabled, namesSession: key !== null, session, errorStatus });
  const badge = BADGE[outcome.tone];

  return (
    <div className="mx-auto w-full max-w-md py-6 sm:py-12">
      <AuthCard titleId="payment-success-title" title={outcome.title}>
        <div className="flex justify-center">
          <span className={`flex h-14 w-14 items-center justify-center rounded-full ${badge.ring}`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-7 w-7 fill-none stroke-2 ${badge.stroke}`}>
              <path d={badge.path} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        </div>
        <p role="status" className="mt-4 text-center text-sm leading-6 text-slate-600 dark:text-slate-300">
          {outcome.message}
        </p>
        {outcome.offerPlans ? (
          <p className="mt-2 text-center text-sm">
            <Link to="/checkout" className={TEXT_LINK}>
              See the plans
            </Link>
          </p>
        ) : null}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Link to="/" className="btn-primary">
            Return to Dashboard
          </Link>
          <Link to="/meetings" className="btn-secondary">
            View Meetings
          </Link>
        </div>
      </AuthCard>
    </div>
  );
}
