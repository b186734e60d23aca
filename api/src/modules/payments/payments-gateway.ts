/** What the app needs from the card payment provider (Stripe); absent when payments are off. */
export interface CheckoutSessionRequest {
  /** Stripe price id. */
  priceId: string;
  mode: "subscription" | "payment";
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** Our own references: tempUserId for sign-ups, userId and planId for /checkout. */
  metadata: Record<string, string>;
  clientReferenceId?: string;
}

export interface CheckoutSessionSummary {
  id: string;
  paid: boolean;
  /** Checkout's own state: open (not finished), complete (finished; paid, or a payment still clearing), expired. */
  status: "open" | "complete" | "expired" | null;
  customerId: string | null;
  subscriptionId: string | null;
  metadata: Record<string, string>;
}

export interface VerifiedEvent {
  id: string;
  type: string;
  /** event.data.object */
  object: Record<string, unknown>;
}

export interface PaymentsGateway {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionSummary>;
  /** Verifies the Stripe-Signature header on the raw body (async verifier: the sync one fails on Bun). */
  verifyWebhook(rawBody: string, signature: string | null): Promise<VerifiedEvent>;
}
