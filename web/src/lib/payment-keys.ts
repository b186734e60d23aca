// The return from Stripe Checkout: /payment-success?session_id=cs_... (the success URL the server gives Stripe).

/** A Checkout session id as Stripe writes it, and as GET /api/payments/session/{id} accepts it. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,252}$/;

/** The GET path that says what became of the Checkout session a page address names; null when it names none. */
export function paymentSessionKey(search: URLSearchParams): string | null {
  const id = search.get("session_id");
  return id !== null && SESSION_ID.test(id) ? `/api/payments/session/${id}` : null;
}
