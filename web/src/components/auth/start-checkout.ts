import { apiRequest } from "../../lib/api-request";
import { toast } from "../../lib/toast";
import { errorStatus, serverMessage } from "./auth-errors";

export interface CheckoutRequest {
  productId: string;
  successUrl: string;
  cancelUrl: string;
  metadata?: { email: string; fullName: string; username: string };
}

export type CheckoutOutcome = "redirected" | "unauthenticated" | "failed";

/**
 * POST /api/payments/create-checkout-session and send the browser to the returned address.
 * Failures toast here ("Payment Error", "Error" without url, the server's text for 503); a 401 is left
 * to the caller.
 */
export async function startCheckout(request: CheckoutRequest): Promise<CheckoutOutcome> {
  let url: string | undefined;
  try {
    const result = await apiRequest<{ url?: string | null } | undefined>(
      "POST",
      "/api/payments/create-checkout-session",
      request,
    );
    url = result?.url ?? undefined;
  } catch (error) {
    const status = errorStatus(error);
    if (status === 401) return "unauthenticated";
    toast({
      title: "Payment Error",
      description:
        status === 503 ? serverMessage(error) : "There was an error starting the checkout process. Please try again.",
      variant: "destructive",
    });
    return "failed";
  }
  if (!url) {
    toast({ title: "Error", description: "Could not create checkout session", variant: "destructive" });
    return "failed";
  }
  window.location.assign(url);
  return "redirected";
}
