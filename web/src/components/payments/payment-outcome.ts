import type { PaymentSession } from "@cm/api/models";
import { SUPPORT_EMAIL } from "../../lib/brand";

export type OutcomeTone = "success" | "pending" | "stopped";

/** What /payment-success tells the user. */
export interface PaymentOutcome {
  title: string;
  message: string;
  tone: OutcomeTone;
  /** Whether to offer going back to the plans (nothing was bought). */
  offerPlans: boolean;
}

/** What the page knows: the payments setting, whether the address names a session, and the server's answer. */
export interface PaymentFacts {
  /** Undefined until the plans answer arrives. */
  paymentsEnabled: boolean | undefined;
  namesSession: boolean;
  session: PaymentSession | undefined;
  /** The HTTP status of a failed session check (404: not this user's, or unknown). */
  errorStatus: number | undefined;
}

const NOTHING_CHANGED = "no payment was taken and your plan has not changed";

export const CHECKING: PaymentOutcome = {
  title: "Checking your payment",
  message: "Checking your payment with the payment provider...",
  tone: "pending",
  offerPlans: false,
};

const OUTCOMES = {
  paid: {
    title: "Payment successful",
    message: "Your payment was received and your subscription is now active. Thank you for choosing us.",
    tone: "success",
    offerPlans: false,
  },
  processing: {
    title: "Payment processing",
    message: "Your payment is still being processed. Your plan will be active as soon as it is confirmed.",
    tone: "pending",
    offerPlans: false,
  },
  open: {
    title: "Checkout not finished",
    message: `This checkout has not been completed, so ${NOTHING_CHANGED}. You can subscribe again from the plans.`,
    tone: "stopped",
    offerPlans: true,
  },
  expired: {
    title: "Checkout cancelled",
    message: `This checkout was cancelled or expired before payment, so ${NOTHING_CHANGED}.`,
    tone: "stopped",
    offerPlans: true,
  },
  off: {
    title: "Payments are not set up",
    message: `Payments are not configured on this server, so ${NOTHING_CHANGED}.`,
    tone: "stopped",
    offerPlans: false,
  },
  none: {
    title: "No payment to confirm",
    message:
      "There is no payment to confirm here: this page is where you return after paying for a plan. Your plan has not changed.",
    tone: "stopped",
    offerPlans: true,
  },
  unknown: {
    title: "Payment not found",
    message: `We could not find this payment on your account, so your plan has not changed. If you were charged, e-mail ${SUPPORT_EMAIL} with the date and the amount.`,
    tone: "stopped",
    offerPlans: true,
  },
  unreachable: {
    title: "Payment not confirmed yet",
    message: "The payment provider could not be reached to check this payment. Please reload the page in a moment.",
    tone: "pending",
    offerPlans: false,
  },
} as const satisfies Record<string, PaymentOutcome>;

/** The one outcome the facts say; CHECKING while an answer the outcome depends on is still on its way. */
export function paymentOutcome(facts: PaymentFacts): PaymentOutcome {
  if (facts.paymentsEnabled === false) return OUTCOMES.off;
  if (!facts.namesSession) return OUTCOMES.none;
  if (facts.session) return OUTCOMES[facts.session.state];
  if (facts.errorStatus === 404) return OUTCOMES.unknown;
  if (facts.errorStatus === 503) return OUTCOMES.off;
  if (facts.errorStatus !== undefined) return OUTCOMES.unreachable;
  return CHECKING;
}
