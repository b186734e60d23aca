import type { CheckoutAnswer, CheckoutBody } from "@cm/api/models";
import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";
import { errorStatus } from "./auth-errors";

/** The key of the toasts below: the page that starts a checkout ends them when it tries again or is left. */
export const CHECKOUT_TOAST_KEY = "checkout";

type CheckoutOutcome = "redirected" | "unauthenticated" | "failed";

/**
 * POST /api/payments/create-checkout-session and send the browser to the returned address.
 * Failures toast here ("Payment Error" with the spec's text whatever the cause, "Error" without url); a 401 is left
 * to the caller.
 */
export async function startCheckout(request: CheckoutBody): Promise<CheckoutOutcome> {
  let url: string | undefined;
  try {
    // Read defensively: an answer without a url is the spec's "Could not create checkout session".
    const result = await apiRequest<Partial<CheckoutAnswer> | undefined>(
      "POST",
      "/api/payments/create-checkout-session",
      request,
    );
    url = result?.url ?? undefined;
  } catch (error) {
    const status = errorStatus(error);
    if (status === 401) return "unauthenticated";
    // The spec's text only: the server's detail (configuration, provider faults) is in its log, not for users.
    toast({
      key: CHECKOUT_TOAST_KEY,
      title: "Payment Error",
      description: "There was an error starting the checkout process. Please try again.",
      variant: "destructive",
    });
    return "failed";
  }
  if (!url) {
    toast({
      key: CHECKOUT_TOAST_KEY,
      title: "Error",
      description: "Could not create checkout session",
      variant: "destructive",
    });
    return "failed";
  }
  window.location.assign(url);
  return "redirected";
}
