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
  /**
   * The provider's session started earlier for this invoice, if any. Stripe reuses it while it
   * is still open for the same amount, and closes it before starting another, so an invoice
   * never has two payable sessions at once.
   */
  previousSessionId?: string | null;
}

/** Stripe: a hosted Checkout page to send the owner to. Manual: how to pay by transfer or check. */
type CheckoutStart =
  | { provider: "stripe"; sessionId: string; url: string }
  | { provider: "manual"; instructions: string; reference: string; amountCents: number; currency: string };

export interface PaymentProvider {
  readonly name: "stripe" | "manual";
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /** Closes a session nobody should pay any more (a concurrent checkout won). */
  closeCheckout?(sessionId: string): Promise<void>;
}

/**
 * The invoice's earlier session was already completed (the owner paid, or a delayed payment
 * method is under way) and its webhook has not arrived yet: starting another would let the
 * invoice be paid twice.
 */
export class PaymentInProgressError extends Error {}

/** The provider could not be reached or refused the request; the owner is told to try again. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
