import { useState } from "react";
import { useNavigate } from "react-router";
import { CheckoutPlanCard } from "../components/auth/checkout-plan-card";
import { usePlans } from "../components/auth/plan-catalogue";
import { startCheckout } from "../components/auth/start-checkout";
import { toast } from "../lib/toast";

const PAYMENTS_OFF_NOTE_ID = "checkout-payments-off";

/** /checkout: the three subscription plans, each with its own card checkout. */
export default function CheckoutPage() {
  const { plans, paymentsEnabled } = usePlans();
  const navigate = useNavigate();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  // With payments off a checkout can only fail: Subscribe is disabled, and the note above the plans says why.
  const paymentsOff = paymentsEnabled === false;

  async function subscribe(planId: string) {
    setSelectedId(planId);
    if (!plans?.some((plan) => plan.id === planId)) {
      toast({
        title: "Error",
        description: "Unknown plan. Please choose one of the listed plans.",
        variant: "destructive",
      });
      return;
    }
    setPendingId(planId);
    const outcome = await startCheckout({ productId: planId, successUrl: "/payment-success", cancelUrl: "/checkout" });
    if (outcome === "unauthenticated") {
      toast({ title: "Login Required", description: "Please log in to subscribe to a plan", variant: "destructive" });
      navigate("/login?next=%2Fcheckout");
      return;
    }
    if (outcome === "failed") setPendingId(null);
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Choose your plan</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Select a subscription. Prices are in US dollars per month; cancel anytime through support.
        </p>
      </div>
      {paymentsOff ? (
        <div
          id={PAYMENTS_OFF_NOTE_ID}
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
        >
          Payments are not configured on this server, so subscriptions cannot be started online right now: Subscribe is
          unavailable. To subscribe to Enterprise, contact sales.
        </div>
      ) : null}
      <fieldset>
        <legend className="sr-only">Subscription plans</legend>
        {plans ? null : (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            Loading plans...
          </p>
        )}
        <ul className="grid gap-4 md:grid-cols-3">
          {plans?.map((plan) => (
            <CheckoutPlanCard
              key={plan.id}
              plan={plan}
              selected={selectedId === plan.id}
              busy={pendingId !== null}
              unavailableReasonId={paymentsOff ? PAYMENTS_OFF_NOTE_ID : undefined}
              pending={pendingId === plan.id}
              onSelect={() => setSelectedId(plan.id)}
              onSubscribe={() => void subscribe(plan.id)}
            />
          ))}
        </ul>
      </fieldset>
    </div>
  );
}
