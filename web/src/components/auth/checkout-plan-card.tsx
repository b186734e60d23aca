import type { Plan } from "@cm/api/models";
import { SALES_EMAIL } from "../../lib/brand";
import { ENTERPRISE_PLAN_ID, formatPrice } from "./plan-catalogue";
import { FeatureList } from "./plan-option";

/**
 * One plan of /checkout: radio to select it, features, Subscribe (and Contact Sales for Enterprise, above it, so every
 * card's Subscribe sits on the same line at the bottom of the row).
 */
export function CheckoutPlanCard({
  plan,
  selected,
  busy,
  pending,
  onSelect,
  onSubscribe,
  unavailableReasonId,
}: {
  plan: Plan;
  selected: boolean;
  /** Any checkout is starting: all subscribe buttons wait. */
  busy: boolean;
  /** This plan's checkout is starting. */
  pending: boolean;
  onSelect: () => void;
  onSubscribe: () => void;
  /** Set when subscribing cannot work (payments off): the button is disabled and described by the element saying why. */
  unavailableReasonId?: string;
}) {
  const radioId = `plan-${plan.id}`;
  return (
    <li
      data-testid="checkout-plan"
      className={`flex flex-col rounded-xl border p-5 shadow-sm transition-colors sm:p-6 ${
        selected
          ? "border-indigo-600 bg-indigo-50/60 ring-1 ring-indigo-600 dark:border-indigo-400 dark:bg-indigo-500/10 dark:ring-indigo-400"
          : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      }`}
    >
      <div className="flex items-start gap-3">
        <input
          id={radioId}
          type="radio"
          name="checkout-plan"
          value={plan.id}
          checked={selected}
          onChange={onSelect}
          className="mt-1.5 h-4 w-4 shrink-0 cursor-pointer accent-indigo-600"
        />
        <label htmlFor={radioId} className="min-w-0 flex-1 cursor-pointer">
          <span className="block text-lg font-semibold text-slate-900 dark:text-white">{plan.name}</span>
          <span className="mt-1 block text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {formatPrice(plan.price)}
          </span>
        </label>
      </div>
      <div className="flex-1">
        <FeatureList features={plan.features} />
      </div>
      <div className="mt-6 flex flex-col gap-2">
        {plan.id === ENTERPRISE_PLAN_ID ? (
          <a href={`mailto:${SALES_EMAIL}`} className="btn-secondary w-full">
            Contact Sales
          </a>
        ) : null}
        <button
          type="button"
          className="btn-primary w-full"
          onClick={onSubscribe}
          disabled={busy || unavailableReasonId !== undefined}
          aria-describedby={unavailableReasonId}
          data-testid="subscribe"
        >
          {pending ? "Redirecting..." : "Subscribe"}
          <span className="sr-only"> to {plan.name}</span>
        </button>
      </div>
    </li>
  );
}
