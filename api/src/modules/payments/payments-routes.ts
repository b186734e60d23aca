import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { BodyTooLargeError, readBodyCapped } from "../../http/read-body-capped";
import { badRequest, HttpError, unauthorized } from "../../http-error";
import { findCurrentUser } from "../auth/current-user";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody } from "../common-model";
import {
  assertKnownProduct,
  readPaymentSession,
  requirePayments,
  resolveReturnUrl,
  startPlanCheckout,
  startRegistrationCheckout,
} from "./checkout-service";
import {
  CheckoutAnswer,
  CheckoutBody,
  PaymentSession,
  PaymentSessionParams,
  PlansAnswer,
  WebhookAnswer,
} from "./model";
import type { VerifiedEvent } from "./payments-gateway";
import { CHECKOUT_PLANS, FREE_PLAN, REGISTRATION_PLAN, REGISTRATION_PLAN_ID } from "./plans";
import { handleWebhookEvent } from "./webhook-service";

/** Stripe events are a few kilobytes; anything far larger is not one. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

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
    .use(signedInMacro(ctx))
    .get(
      "/api/payments/plans",
      () => ({
        plans: [...CHECKOUT_PLANS],
        registrationPlan: REGISTRATION_PLAN,
        freePlan: FREE_PLAN,
        paymentsEnabled: ctx.payments !== undefined,
      }),
      { response: { 200: PlansAnswer } },
    )
    .post(
      "/api/payments/create-checkout-session",
      async ({ body, request, cookie }) => {
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
        // Only a plan of /checkout needs the user (sign-up has none yet), and only after the checks above.
        const user = await findCurrentUser(ctx, request, cookie);
        if (!user) throw unauthorized();
        return startPlanCheckout(ctx, user, body.productId, cancelUrl);
      },
      {
        body: CheckoutBody,
        response: { 200: CheckoutAnswer, 400: ErrorBody, 401: ErrorBody, 502: ErrorBody, 503: ErrorBody },
      },
    )
    .post(
      "/api/payments/webhook",
      async ({ request }) => handleWebhookEvent(ctx, await readWebhookEvent(ctx, request)),
      // The signature covers the exact bytes: Elysia must leave the body unread.
      { parse: "none", response: { 200: WebhookAnswer, 400: ErrorBody, 413: ErrorBody } },
    )
    .get("/api/payments/session/:id", async ({ params, user }) => readPaymentSession(ctx, user, params.id), {
      signedIn: true,
      params: PaymentSessionParams,
      response: { 200: PaymentSession, 401: ErrorBody, 404: ErrorBody, 502: ErrorBody },
    });
}
