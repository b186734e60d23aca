import { Link, useSearchParams } from "react-router";
import useSWR from "swr";
import { AuthCard } from "../components/auth/auth-layout";
import { fetchJson } from "../lib/api-request";

const SESSION_ID = /^cs_[A-Za-z0-9_]+$/;

/** /payment-success: the return from the card checkout of /checkout. */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id") ?? "";
  // Confirms the session with the server (which also activates the plan if the webhook is late).
  const { data } = useSWR<{ paid: boolean }>(
    SESSION_ID.test(sessionId) ? `/api/payments/session/${sessionId}` : null,
    fetchJson,
    { shouldRetryOnError: false },
  );
  const stillProcessing = data?.paid === false;

  return (
    <div className="mx-auto w-full max-w-md py-6 sm:py-12">
      <AuthCard titleId="payment-success-title" title="Payment successful" subtitle="Your checkout is complete.">
        <div className="flex justify-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 dark:bg-emerald-500/15">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-7 w-7 fill-none stroke-emerald-600 stroke-2 dark:stroke-emerald-400"
            >
              <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        </div>
        <p className="mt-4 text-center text-sm leading-6 text-slate-600 dark:text-slate-300">
          {stillProcessing
            ? "Your payment is still being processed. Your plan will be active as soon as it is confirmed."
            : "Your payment was received and your subscription is now active. Thank you for choosing us."}
        </p>
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
