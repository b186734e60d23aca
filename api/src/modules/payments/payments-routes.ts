import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { BodyTooLargeError, readBodyCapped } from "../../http/read-body-capped";
import { badRequest, HttpError } from "../../http-error";
import { requireUser } from "../auth/current-user";
import {
  assertKnownProduct,
  readPaymentSession,
  requirePayments,
  resolveReturnUrl,
  startPlanCheckout,
  startRegistrationCheckout,
} from "./checkout-service";
import type { VerifiedEvent } from "./payments-gateway";
import { CHECKOUT_PLANS, FREE_PLAN, REGISTRATION_PLAN, REGISTRATION_PLAN_ID } from "./plans";
import { handleWebhookEvent } from "./webhook-service";

/** Stripe events are a few kilobytes; anything far larger is not one. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

const checkoutBody = t.Object({
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
      fullName: t.Optional(t.String({ maxLength: 200 })),
      username: t.Optional(t.String({ maxLength: 40 })),
    }),
  ),
});

async function readWebhookEvent(ctx: AppContext, request: Request): Promise<VerifiedEvent> {
  const payments = requirePayments(ctx);
  let rawBody: string;
  try {
    rawBody = await readBodyCapped(request, MAX_WEBHOOK_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new HttpError(413, "request body too large for a webhook event", "too_large");
    }
    throw error;
  }
  try {
    return await payments.verifyWebhook(rawBody, request.headers.get("stripe-signature"));
  } catch (error) {
    const message = (error as Error).message || "Webhook signature verification failed";
    throw new HttpError(400, message, "invalid_signature");
  }
}

/** Plans, Stripe Checkout for sign-up and /checkout, the Stripe webhook and the payment-success check. */
export function paymentsRoutes(ctx: AppContext) {
  return new Elysia({ name: "payments" })
    .get("/api/payments/plans", () => ({
      plans: CHECKOUT_PLANS,
      registrationPlan: REGISTRATION_PLAN,
      freePlan: FREE_PLAN,
      paymentsEnabled: ctx.payments !== undefined,
    }))
    .post(
      "/api/payments/create-checkout-session",
      async ({ body, request }) => {
        assertKnownProduct(body.productId);
        requirePayments(ctx);
        resolveReturnUrl(ctx, "successUrl", body.successUrl);
        const cancelUrl = resolveReturnUrl(ctx, "cancelUrl", body.cancelUrl);
        if (body.productId === REGISTRATION_PLAN_ID) {
          const { email, username, fullName } = body.metadata ?? {};
          if (!email || !username || !fullName) {
            throw badRequest("validation failed: metadata: email, username and fullName are required to register");
          }
          return startRegistrationCheckout(ctx, { email, username, fullName, cancelUrl });
        }
        const user = await requireUser(ctx, request);
        return startPlanCheckout(ctx, user, body.productId, cancelUrl);
      },
      { body: checkoutBody },
    )
    .post(
      "/api/payments/webhook",
      async ({ request }) => handleWebhookEvent(ctx, await readWebhookEvent(ctx, request)),
      // The signature covers the exact bytes: Elysia must leave the body unread.
      { parse: "none" },
    )
    .get(
      "/api/payments/session/:id",
      async ({ params, request }) => {
        const user = await requireUser(ctx, request);
        return readPaymentSession(ctx, user, params.id);
      },
      { params: t.Object({ id: t.String({ minLength: 3, maxLength: 255, pattern: "^cs_[A-Za-z0-9_]+$" }) }) },
    );
}
