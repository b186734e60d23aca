import { type Static, t } from "elysia";
import { Nullable, SingleLine } from "../common-model";

/** Every plan id there is: the sign-up plan, the free plan and the three plans of /checkout. */
export const PlanId = t.Union([
  t.Literal("REGISTRATION_PREMIUM"),
  t.Literal("FREE"),
  t.Literal("BASIC_SUBSCRIPTION"),
  t.Literal("PREMIUM_SUBSCRIPTION"),
  t.Literal("ENTERPRISE_SUBSCRIPTION"),
]);
export type PlanId = Static<typeof PlanId>;

/** A plan catalogue entry: id, name, price and features; the price is US dollars per month. */
export const Plan = t.Object({ id: PlanId, name: t.String(), price: t.Number(), features: t.Array(t.String()) });
export type Plan = Static<typeof Plan>;

/** GET /api/payments/plans: the catalogue, and whether this server can take payments at all. */
export const PlansAnswer = t.Object({
  plans: t.Array(Plan),
  registrationPlan: Plan,
  freePlan: Plan,
  paymentsEnabled: t.Boolean(),
});
export type PlansAnswer = Static<typeof PlansAnswer>;

export const CheckoutBody = t.Object({
  /** Any string: an unknown one answers 400 naming the plans there are. */
  productId: t.String({ minLength: 1, maxLength: 64 }),
  successUrl: t.String({ minLength: 1, maxLength: 2048 }),
  cancelUrl: t.String({ minLength: 1, maxLength: 2048 }),
  /** Accepted for the spec's payload shape, never used: the server picks the configured price. */
  priceId: t.Optional(t.String({ maxLength: 255 })),
  metadata: t.Optional(
    t.Object({
      /** Ignored: the temporary id is always generated on the server. */
      tempUserId: t.Optional(t.String({ maxLength: 64 })),
      email: t.Optional(t.String({ maxLength: 254 })),
      fullName: t.Optional(SingleLine({ maxLength: 200 })),
      username: t.Optional(t.String({ maxLength: 40 })),
    }),
  ),
});
export type CheckoutBody = Static<typeof CheckoutBody>;

/** Where to send the browser: the provider's checkout page. */
export const CheckoutAnswer = t.Object({ url: t.String(), sessionId: t.String() });
export type CheckoutAnswer = Static<typeof CheckoutAnswer>;

export const PaymentSessionParams = t.Object({
  id: t.String({ minLength: 3, maxLength: 255, pattern: "^cs_[A-Za-z0-9_]+$" }),
});
export type PaymentSessionParams = Static<typeof PaymentSessionParams>;

/**
 * What became of a checkout, for /payment-success: `paid` (the plan is active), `processing` (finished, the payment
 * still clearing), `open` (not finished: nothing taken yet), `expired` (abandoned or cancelled: nothing taken).
 */
export const PaymentState = t.Union([
  t.Literal("paid"),
  t.Literal("processing"),
  t.Literal("open"),
  t.Literal("expired"),
]);
export type PaymentState = Static<typeof PaymentState>;

/** GET /api/payments/session/{id}, for /payment-success. */
export const PaymentSession = t.Object({ paid: t.Boolean(), state: PaymentState, planId: Nullable(t.String()) });
export type PaymentSession = Static<typeof PaymentSession>;

/** The webhook's answer to the provider; `duplicate` on a redelivered event. */
export const WebhookAnswer = t.Object({ received: t.Boolean(), duplicate: t.Optional(t.Boolean()) });
export type WebhookAnswer = Static<typeof WebhookAnswer>;
