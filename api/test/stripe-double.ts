// A local imitation of the few Stripe endpoints the SDK calls, plus signed webhook events.
// Nothing here reaches the internet: the app's SDK is pointed at it with STRIPE_API_BASE.
import Stripe from "stripe";

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form-encoded body, flattened: "metadata[tempUserId]" -> "…". */
  form: Record<string, string>;
  authorization: string | null;
}

export interface DoubleSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  success_url: string;
  cancel_url: string;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
}

export interface StripeDouble {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, DoubleSession>;
  /** The last session created, or an error when none was. */
  lastSession(): DoubleSession;
  /** What Checkout reports for a session from now on (as if the customer paid, or not). */
  setPaymentStatus(id: string, paymentStatus: DoubleSession["payment_status"], status?: DoubleSession["status"]): void;
  stop(): Promise<void>;
}

const stripeError = (status: number, message: string, code: string) =>
  Response.json({ error: { type: "invalid_request_error", code, message } }, { status });

function readPrefixed(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = key.match(/^([a-z_]+)\[([^\]]+)\]$/);
    if (match?.[1] === prefix && match[2]) out[match[2]] = value;
  }
  return out;
}

export function startStripeDouble(): StripeDouble {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, DoubleSession>();
  let counter = 0;
  let last: DoubleSession | undefined;

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const text = request.method === "GET" ? "" : await request.text();
      const form = Object.fromEntries(new URLSearchParams(text));
      requests.push({
        method: request.method,
        path: url.pathname,
        form,
        authorization: request.headers.get("authorization"),
      });
      if (!request.headers.get("authorization")?.startsWith("Bearer sk_")) {
        return stripeError(401, "Invalid API Key provided", "api_key_invalid");
      }
      if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (!form["line_items[0][price]"] || !form.success_url || !form.mode) {
          return stripeError(400, "Missing required param", "parameter_missing");
        }
        counter++;
        const id = `cs_test_${counter}${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
        const session: DoubleSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: form.mode,
          status: "open",
          payment_status: "unpaid",
          success_url: form.success_url,
          cancel_url: form.cancel_url ?? "",
          customer: null,
          customer_email: form.customer_email ?? null,
          subscription: null,
          client_reference_id: form.client_reference_id ?? null,
          metadata: readPrefixed(form, "metadata"),
        };
        sessions.set(id, session);
        last = session;
        return Response.json(session);
      }
      const match = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      if (request.method === "GET" && match?.[1]) {
        const session = sessions.get(decodeURIComponent(match[1]));
        return session ? Response.json(session) : stripeError(404, "No such checkout.session", "resource_missing");
      }
      return stripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname})`, "resource_missing");
    },
  });

  return {
    url: server.url.toString().replace(/\/$/, ""),
    requests,
    sessions,
    lastSession() {
      if (!last) throw new Error("the Stripe double has not created a session");
      return last;
    },
    setPaymentStatus(id, paymentStatus, status = paymentStatus === "unpaid" ? "open" : "complete") {
      const session = sessions.get(id);
      if (!session) throw new Error(`unknown session ${id}`);
      session.payment_status = paymentStatus;
      session.status = status;
    },
    async stop() {
      await server.stop(true);
    },
  };
}

let eventCounter = 0;

/** A Stripe event body and a valid Stripe-Signature header for it (the SDK's own test signer). */
export async function signEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${Date.now()}_${++eventCounter}`,
) {
  const payload = JSON.stringify(
    {
      id,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    },
    null,
    2,
  ); // Stripe sends pretty-printed JSON: a handler that re-serialises would break the signature
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret });
  return { id, payload, signature };
}

/** The POST a Stripe webhook delivery makes. */
export function webhookRequest(event: { payload: string; signature: string }): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": event.signature },
    body: event.payload,
  };
}
