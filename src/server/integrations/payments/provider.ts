/** What an owner's "pay this invoice" needs from a payment provider. */
export interface CheckoutRequest {
  invoiceId: string;
  invoiceNumber: string;
  amountCents: number;
  currency: string;
  description: string;
  customerEmail?: string;
  /** Where the provider sends the owner back after paying, or after giving up. */
  successUrl: string;
  cancelUrl: string;
}

/** Stripe: a hosted Checkout page to send the owner to. Manual: how to pay by transfer or check. */
export type CheckoutStart =
  | { provider: "stripe"; sessionId: string; url: string }
  | { provider: "manual"; instructions: string; reference: string; amountCents: number; currency: string };

export interface PaymentProvider {
  readonly name: "stripe" | "manual";
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
}

/** The provider could not be reached or refused the request; the owner is told to try again. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
