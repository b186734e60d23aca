import Stripe from "stripe";
import type { AppConfig } from "../../config";
import type {
  CheckoutSessionRequest,
  CheckoutSessionSummary,
  PaymentsGateway,
  VerifiedEvent,
} from "./payments-gateway";

type StripeSettings = NonNullable<AppConfig["stripe"]>;

/** A webhook whose signature does not match (or is missing); the route answers 400. */
class WebhookSignatureError extends Error {}

/** SDK options; `apiBase` (tests) points the SDK at a local imitation of the Stripe API. */
function readConnection(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return { maxNetworkRetries: 2, timeout: 20_000 };
  const base = new URL(apiBase);
  const protocol = base.protocol === "http:" ? "http" : "https";
  return {
    host: base.hostname,
    port: base.port || (protocol === "http" ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    timeout: 5_000,
    telemetry: false,
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

function cleanMetadata(metadata: Stripe.Metadata | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata ?? {})) if (typeof value === "string") out[key] = value;
  return out;
}

/** Paid means the money is collected, or Checkout finished without needing any (100 % coupons, trials). */
export function isSessionPaid(session: Pick<Stripe.Checkout.Session, "payment_status" | "status">): boolean {
  return (
    session.payment_status === "paid" ||
    (session.status === "complete" && session.payment_status === "no_payment_required")
  );
}

const CHECKOUT_STATUSES = ["open", "complete", "expired"] as const;

/** Checkout's state; one a newer API version adds is none of the three (read as not finished). */
function checkoutStatus(status: string | null): CheckoutSessionSummary["status"] {
  return CHECKOUT_STATUSES.find((known) => known === status) ?? null;
}

function summariseCheckoutSession(session: Stripe.Checkout.Session): CheckoutSessionSummary {
  return {
    id: session.id,
    paid: isSessionPaid(session),
    status: checkoutStatus(session.status),
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    metadata: cleanMetadata(session.metadata),
  };
}

/** The PaymentsGateway backed by the official SDK; built only when STRIPE_* settings are present. */
export function createStripeGateway(settings: StripeSettings): PaymentsGateway {
  const stripe = new Stripe(settings.secretKey, readConnection(settings.apiBase));
  const cryptoProvider = Stripe.createSubtleCryptoProvider();

  return {
    async createCheckoutSession(request: CheckoutSessionRequest) {
      const session = await stripe.checkout.sessions.create({
        mode: request.mode,
        line_items: [{ price: request.priceId, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: request.metadata,
        ...(request.mode === "subscription" ? { subscription_data: { metadata: request.metadata } } : {}),
        ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        ...(request.clientReferenceId ? { client_reference_id: request.clientReferenceId } : {}),
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a url");
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id: string) {
      return summariseCheckoutSession(await stripe.checkout.sessions.retrieve(id));
    },

    async verifyWebhook(rawBody: string, signature: string | null): Promise<VerifiedEvent> {
      if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        // The async verifier uses SubtleCrypto; the synchronous one needs Node's crypto and fails on Bun.
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          settings.webhookSecret,
          undefined,
          cryptoProvider,
        );
      } catch (error) {
        const reason = ((error as Error).message ?? "").split("\n")[0]?.trim() || "invalid signature";
        throw new WebhookSignatureError(`Webhook signature verification failed: ${reason}`);
      }
      return { id: event.id, type: event.type, object: event.data.object as unknown as Record<string, unknown> };
    },
  };
}
