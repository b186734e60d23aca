import { deletePaymentEvent, recordPaymentEvent, updatePaymentEvent } from "@cm/db/queries/payments";
import { findPendingRegistration, setPendingRegistrationSession } from "@cm/db/queries/pending-registrations";
import { findUserById, findUserIdBySubscription, updateUserSubscription } from "@cm/db/queries/users";
import type { AppContext } from "../../context";
import { recordAudit } from "../audit/record-audit";
import { fulfilRegistrationPayment } from "../auth/register-service";
import { activateSubscription } from "./checkout-service";
import type { CheckoutSessionSummary, VerifiedEvent } from "./payments-gateway";
import { toSubscriptionPlan } from "./plans";
import { isSessionPaid } from "./stripe-gateway";

interface Outcome {
  status: string;
  userId?: number | null;
}

type StripeObject = Record<string, unknown>;

const readString = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const readId = (value: unknown): string | null =>
  readString(value) ?? readString((value as { id?: unknown } | null | undefined)?.id);

function readMetadata(object: StripeObject): Record<string, string> {
  const out: Record<string, string> = {};
  const metadata = object.metadata;
  if (metadata && typeof metadata === "object") {
    for (const [key, value] of Object.entries(metadata)) if (typeof value === "string") out[key] = value;
  }
  return out;
}

function summariseSession(object: StripeObject): CheckoutSessionSummary {
  const status = object.status as "complete" | "expired" | "open" | null;
  return {
    id: readString(object.id) ?? "",
    paid: isSessionPaid({
      payment_status: object.payment_status as "paid" | "unpaid" | "no_payment_required",
      status,
    }),
    status,
    customerId: readId(object.customer),
    subscriptionId: readId(object.subscription),
    metadata: readMetadata(object),
  };
}

/** What is kept of an event in `payments.payload`: references, not the customer's personal details. */
function trimPayload(event: VerifiedEvent): Record<string, unknown> {
  const o = event.object;
  return {
    type: event.type,
    object: o.object,
    id: o.id,
    status: o.status ?? null,
    payment_status: o.payment_status ?? null,
    customer: readId(o.customer),
    subscription: readId(o.subscription),
    metadata: readMetadata(o),
  };
}

async function fulfilRegistration(ctx: AppContext, session: CheckoutSessionSummary): Promise<Outcome> {
  if (!session.paid) return { status: "unpaid" };
  if (await fulfilRegistrationPayment(ctx, session.id)) return { status: "fulfilled" };
  // The session id is stored right after Checkout opens; should Stripe be faster, link it by the temp id.
  const tempUserId = session.metadata.tempUserId;
  const pending = tempUserId ? await findPendingRegistration(ctx.db.sql, tempUserId) : undefined;
  if (!pending || pending.stripeSessionId) return { status: "unmatched" };
  await setPendingRegistrationSession(ctx.db.sql, pending.id, session.id);
  return { status: (await fulfilRegistrationPayment(ctx, session.id)) ? "fulfilled" : "unmatched" };
}

async function completeSubscriptionCheckout(ctx: AppContext, session: CheckoutSessionSummary): Promise<Outcome> {
  const userId = Number(session.metadata.userId);
  if (!Number.isSafeInteger(userId) || !(await findUserById(ctx.db.sql, userId))) return { status: "unmatched" };
  if (!session.paid) {
    // Remember the ids so later subscription events find the user; the plan changes once paid.
    await updateUserSubscription(ctx.db.sql, userId, {
      status: "incomplete",
      customerId: session.customerId,
      subscriptionId: session.subscriptionId,
    });
    return { status: "unpaid", userId };
  }
  return { status: (await activateSubscription(ctx, userId, session)) ? "activated" : "unknown_plan", userId };
}

async function handleCheckoutSession(ctx: AppContext, object: StripeObject): Promise<Outcome> {
  const session = summariseSession(object);
  switch (session.metadata.kind) {
    case "registration":
      return fulfilRegistration(ctx, session);
    case "subscription":
      return completeSubscriptionCheckout(ctx, session);
    default:
      return { status: "ignored" };
  }
}

/** The plan id whose configured Stripe price the subscription now carries (plan switches), if any. */
function findPlanOfSubscription(ctx: AppContext, object: StripeObject): string | undefined {
  const items = (object.items as { data?: { price?: { id?: unknown } }[] } | undefined)?.data;
  const priceId = readString(items?.[0]?.price?.id);
  if (!priceId) return undefined;
  const prices = ctx.config.stripe?.prices ?? {};
  return Object.keys(prices).find((planId) => prices[planId] === priceId);
}

async function handleSubscriptionChange(ctx: AppContext, object: StripeObject, deleted: boolean): Promise<Outcome> {
  const subscriptionId = readString(object.id);
  const userId = subscriptionId ? await findUserIdBySubscription(ctx.db.sql, subscriptionId) : undefined;
  if (userId === undefined) return { status: "unmatched" };
  const status = readString(object.status) ?? (deleted ? "canceled" : "active");
  const planId = deleted ? undefined : findPlanOfSubscription(ctx, object);
  await updateUserSubscription(ctx.db.sql, userId, {
    status,
    ...(deleted ? { plan: "free" } : planId ? { plan: toSubscriptionPlan(planId) } : {}),
  });
  return { status: deleted ? "cancelled" : "updated", userId };
}

function applyEvent(ctx: AppContext, event: VerifiedEvent): Promise<Outcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return handleCheckoutSession(ctx, event.object);
    case "customer.subscription.updated":
      return handleSubscriptionChange(ctx, event.object, false);
    case "customer.subscription.deleted":
      return handleSubscriptionChange(ctx, event.object, true);
    default:
      return Promise.resolve({ status: "ignored" });
  }
}

/**
 * Handles a verified Stripe event at most once: the event id is recorded first (unique), a redelivery
 * answers `duplicate`. When handling fails the record is removed so Stripe's retry runs it again.
 */
export async function handleWebhookEvent(ctx: AppContext, event: VerifiedEvent) {
  const isNew = await recordPaymentEvent(ctx.db.sql, {
    stripeEventId: event.id,
    kind: event.type,
    status: "received",
    stripeSessionId: event.type.startsWith("checkout.session.") ? readString(event.object.id) : null,
    payload: trimPayload(event),
  });
  if (!isNew) return { received: true, duplicate: true };
  try {
    const outcome = await applyEvent(ctx, event);
    await updatePaymentEvent(ctx.db.sql, event.id, outcome);
    await recordPlanChange(ctx, event, outcome);
    ctx.logger.info("stripe event handled", { eventId: event.id, type: event.type, outcome: outcome.status });
  } catch (error) {
    await deletePaymentEvent(ctx.db.sql, event.id).catch(() => {});
    throw error;
  }
  return { received: true };
}

/** The account's plan or subscription changed by the payment service: in its audit trail, by the system. */
async function recordPlanChange(ctx: AppContext, event: VerifiedEvent, outcome: Outcome): Promise<void> {
  if (!outcome.userId || !["activated", "updated", "cancelled"].includes(outcome.status)) return;
  const user = await findUserById(ctx.db.sql, outcome.userId);
  if (!user) return;
  await recordAudit(ctx.db.sql, {
    accountId: user.id,
    actorUserId: null,
    action: "settings.changed",
    target: { kind: "subscription", id: null },
    details: { plan: user.subscriptionPlan, status: user.subscriptionStatus, event: event.type },
  });
}
