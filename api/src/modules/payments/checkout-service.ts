import { setPendingRegistrationSession } from "@cm/db/queries/pending-registrations";
import { type UserRow, updateUserSubscription } from "@cm/db/queries/users";
import type { AppContext } from "../../context";
import { badRequest, HttpError, notFound } from "../../http-error";
import { startPaidRegistration, validateRegistrationDetails } from "../auth/register-service";
import type { PaymentState } from "./model";
import type { CheckoutSessionRequest, CheckoutSessionSummary, PaymentsGateway } from "./payments-gateway";
import { findCheckoutPlan, PURCHASABLE_PLAN_IDS, REGISTRATION_PLAN_ID, toSubscriptionPlan } from "./plans";

// What the browser is told names no setting: configuration details go to the server log only.
export const PAYMENTS_OFF_MESSAGE = "Payments are not configured on this server. Sign-up continues on the free plan.";
const PLAN_NOT_CONFIGURED_MESSAGE = "Payments are not configured for this plan on this server.";
const PAYMENTS_OFF_DETAIL = "set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and the STRIPE_PRICE_* ids";

const PRICE_VARIABLES: Record<string, string> = {
  REGISTRATION_PREMIUM: "STRIPE_PRICE_REGISTRATION",
  BASIC_SUBSCRIPTION: "STRIPE_PRICE_BASIC",
  PREMIUM_SUBSCRIPTION: "STRIPE_PRICE_PREMIUM",
  ENTERPRISE_SUBSCRIPTION: "STRIPE_PRICE_ENTERPRISE",
};

export const paymentsOff = () => new HttpError(503, PAYMENTS_OFF_MESSAGE, "payments_disabled");

const providerFailed = () =>
  new HttpError(502, "Could not create checkout session: the payment provider did not answer. Please try again.");

export function requirePayments(ctx: AppContext): PaymentsGateway {
  if (!ctx.payments) {
    ctx.logger.warn("payments not configured", { fix: PAYMENTS_OFF_DETAIL });
    throw paymentsOff();
  }
  return ctx.payments;
}

export function assertKnownProduct(productId: string) {
  if (!PURCHASABLE_PLAN_IDS.includes(productId)) {
    throw badRequest(`validation failed: productId: unknown plan "${productId.slice(0, 64)}"`);
  }
}

/** The configured Stripe price of a plan; the client's priceId is never trusted. */
function resolvePriceId(ctx: AppContext, productId: string): string {
  const price = ctx.config.stripe?.prices[productId];
  if (!price) {
    ctx.logger.error("checkout plan has no price", {
      productId,
      fix: `set ${PRICE_VARIABLES[productId] ?? "its price id"} on the server`,
    });
    throw new HttpError(503, PLAN_NOT_CONFIGURED_MESSAGE, "payments_disabled");
  }
  return price;
}

/** A redirect target must be a relative path or an address on our own origin; returns it as absolute. */
export function resolveReturnUrl(ctx: AppContext, field: string, value: string): string {
  const appOrigin = new URL(ctx.config.appUrl).origin;
  let url: URL;
  try {
    url = new URL(value, `${appOrigin}/`);
  } catch {
    throw badRequest(`validation failed: ${field} is not a valid address`);
  }
  if (url.origin !== appOrigin || !/^(\/(?![/\\])|https?:\/\/)/i.test(value)) {
    throw badRequest(`validation failed: ${field} must be a path on this site (${appOrigin})`);
  }
  return url.toString();
}

async function createSession(payments: PaymentsGateway, request: CheckoutSessionRequest) {
  try {
    return await payments.createCheckoutSession(request);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw providerFailed();
  }
}

interface RegistrationCheckoutInput {
  email: string;
  username: string;
  fullName: string;
  cancelUrl: string;
}

/**
 * Step 2 of a paid sign-up: remembers the details under a server-generated temporary id and opens a
 * Checkout session that returns to step 3 of /register.
 */
export async function startRegistrationCheckout(ctx: AppContext, input: RegistrationCheckoutInput) {
  const payments = requirePayments(ctx);
  const priceId = resolvePriceId(ctx, REGISTRATION_PLAN_ID);
  const details = validateRegistrationDetails(input);
  const tempUserId = await startPaidRegistration(ctx, details);
  const query = new URLSearchParams({
    step: "3",
    tid: tempUserId,
    email: details.email,
    name: details.fullName,
    username: details.username,
  });
  const session = await createSession(payments, {
    priceId,
    mode: "subscription",
    successUrl: `${ctx.config.appUrl}/register?${query}`,
    cancelUrl: input.cancelUrl,
    customerEmail: details.email,
    clientReferenceId: tempUserId,
    metadata: { tempUserId, kind: "registration", planId: REGISTRATION_PLAN_ID },
  });
  await setPendingRegistrationSession(ctx.db.sql, tempUserId, session.id);
  return { url: session.url, sessionId: session.id };
}

/** A plan of /checkout for the signed-in user; the webhook (or the success page) activates it. */
export async function startPlanCheckout(ctx: AppContext, user: UserRow, planId: string, cancelUrl: string) {
  const payments = requirePayments(ctx);
  const priceId = resolvePriceId(ctx, planId);
  const session = await createSession(payments, {
    priceId,
    mode: "subscription",
    // Stripe fills in {CHECKOUT_SESSION_ID}; it must stay unencoded.
    successUrl: `${ctx.config.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl,
    ...(user.email ? { customerEmail: user.email } : {}),
    clientReferenceId: String(user.id),
    metadata: { userId: String(user.id), planId, kind: "subscription" },
  });
  return { url: session.url, sessionId: session.id };
}

/** Sets the plan bought through /checkout; idempotent, used by the webhook and the success page. */
export async function activateSubscription(ctx: AppContext, userId: number, summary: CheckoutSessionSummary) {
  const planId = summary.metadata.planId ?? "";
  if (!findCheckoutPlan(planId)) return false;
  await updateUserSubscription(ctx.db.sql, userId, {
    plan: toSubscriptionPlan(planId),
    status: "active",
    customerId: summary.customerId,
    subscriptionId: summary.subscriptionId,
  });
  return true;
}

function paymentStateOf(summary: CheckoutSessionSummary): PaymentState {
  if (summary.paid) return "paid";
  if (summary.status === "expired") return "expired";
  return summary.status === "complete" ? "processing" : "open";
}

/** The /payment-success check: only the user who opened the session may read it. */
export async function readPaymentSession(ctx: AppContext, user: UserRow, sessionId: string) {
  const payments = requirePayments(ctx);
  let summary: CheckoutSessionSummary;
  try {
    summary = await payments.retrieveCheckoutSession(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound("Checkout session");
    throw new HttpError(502, "Could not check the payment: the payment provider did not answer. Please try again.");
  }
  if (summary.metadata.kind !== "subscription" || summary.metadata.userId !== String(user.id)) {
    throw notFound("Checkout session");
  }
  // Activates a paid session the webhook has not delivered yet; a subscription already recorded
  // (active, or cancelled since) is left to the webhook events.
  if (summary.paid && summary.subscriptionId !== user.stripeSubscriptionId) {
    await activateSubscription(ctx, user.id, summary);
  }
  return { paid: summary.paid, state: paymentStateOf(summary), planId: summary.metadata.planId ?? null };
}
