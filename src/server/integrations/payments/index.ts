import type { Config } from "../../config";
import { createManualProvider } from "./manual";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe-client";

export * from "./provider";
export { verifyStripeSignature } from "./stripe-signature";

/** Stripe Checkout when STRIPE_SECRET_KEY is set; otherwise bank transfer / check instructions. */
export function createPaymentProvider(config: Config, opts: { fetch?: typeof fetch } = {}): PaymentProvider {
  if (config.stripe) {
    return createStripeProvider({
      secretKey: config.stripe.secretKey,
      apiUrl: config.stripe.apiUrl,
      fetch: opts.fetch,
    });
  }
  return createManualProvider(config.paymentInstructions);
}
