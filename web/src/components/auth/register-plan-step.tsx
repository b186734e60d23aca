import { useState } from "react";
import { PLAN_NAME, PLAN_PRICE_USD } from "../../lib/brand";
import { toast } from "../../lib/toast";
import { useToastWhile } from "../../lib/use-toast-while";
import { formatPrice, REGISTRATION_PLAN_ID, usePlans } from "./plan-catalogue";
import { FeatureList, PlanOption } from "./plan-option";
import { cancelPath, type RegistrationDetails, type RegistrationPlanChoice } from "./register-types";
import { CHECKOUT_TOAST_KEY, startCheckout } from "./start-checkout";

const NO_PLAN_KEY = "register-no-plan";

/**
 * Step 2: the premium sign-up plan or the free plan. Premium goes to the card checkout (which returns
 * to step 3); free, or premium already paid (a temporary id is present), goes straight to step 3.
 */
export function RegisterPlanStep({
  details,
  plan,
  tempUserId,
  onPlanChange,
  onNext,
  onBack,
}: {
  details: RegistrationDetails;
  plan: RegistrationPlanChoice | null;
  tempUserId?: string;
  onPlanChange: (plan: RegistrationPlanChoice) => void;
  onNext: (plan: RegistrationPlanChoice) => void;
  onBack: () => void;
}) {
  const { registrationPlan, paymentsEnabled } = usePlans();
  const [redirecting, setRedirecting] = useState(false);
  const paymentsOff = paymentsEnabled === false;
  const selected = paymentsOff ? "free" : plan;
  useToastWhile(NO_PLAN_KEY, !selected);
  // A failed checkout is told until the next try (or another step).
  useToastWhile(CHECKOUT_TOAST_KEY, !redirecting);

  async function next() {
    if (!selected) {
      toast({
        key: NO_PLAN_KEY,
        title: "Missing selection",
        description: "Please choose a plan to continue",
        variant: "destructive",
      });
      return;
    }
    if (selected === "free" || tempUserId) {
      onNext(selected);
      return;
    }
    setRedirecting(true);
    const email = details.email.trim();
    const fullName = details.fullName.trim();
    const username = details.username.trim();
    const outcome = await startCheckout({
      productId: REGISTRATION_PLAN_ID,
      successUrl: `/register?${new URLSearchParams({ step: "3", email, name: fullName, username })}`,
      cancelUrl: cancelPath({ email, fullName, username }),
      metadata: { email, fullName, username },
    });
    if (outcome !== "redirected") {
      if (outcome === "unauthenticated") {
        toast({
          key: CHECKOUT_TOAST_KEY,
          title: "Payment Error",
          description: "There was an error starting the checkout process. Please try again.",
          variant: "destructive",
        });
      }
      setRedirecting(false);
    }
  }

  return (
    <div className="space-y-4">
      {paymentsOff ? (
        <div
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <p className="font-medium">Payments are not configured on this server.</p>
          <p className="mt-1">Your account will start on the free plan. You can upgrade later.</p>
        </div>
      ) : null}
      <fieldset className="space-y-3">
        <legend className="sr-only">Plan</legend>
        <PlanOption
          name="registration-plan"
          value="premium"
          checked={selected === "premium"}
          disabled={paymentsOff}
          title={PLAN_NAME}
          price={formatPrice(registrationPlan?.price ?? PLAN_PRICE_USD)}
          onSelect={() => onPlanChange("premium")}
        >
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Billed monthly by card. Cancel anytime.</p>
          {/* The sign-up card carries the product's plan name and five features. */}
          <FeatureList features={registrationPlan?.features.slice(0, 5) ?? []} />
        </PlanOption>
        <PlanOption
          name="registration-plan"
          value="free"
          checked={selected === "free"}
          title="Free"
          price={formatPrice(0)}
          onSelect={() => onPlanChange("free")}
        >
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Start without a card and upgrade later.</p>
        </PlanOption>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <button type="button" className="btn-secondary" onClick={onBack} disabled={redirecting}>
          Back
        </button>
        <button type="button" className="btn-primary" onClick={next} disabled={redirecting}>
          {redirecting
            ? "Redirecting to payment..."
            : selected === "premium" && !tempUserId
              ? "Continue to payment"
              : "Continue"}
        </button>
      </div>
    </div>
  );
}
