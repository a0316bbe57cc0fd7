import type { PaymentProvider } from "./provider";

/**
 * No card payments configured: the owner is told to pay by bank transfer or check with the
 * invoice number as the reference, and staff mark the invoice paid when the money arrives.
 */
export function createManualProvider(instructions: string): PaymentProvider {
  return {
    name: "manual",
    async startCheckout(request) {
      return {
        provider: "manual",
        instructions,
        reference: request.invoiceNumber,
        amountCents: request.amountCents,
        currency: request.currency,
      };
    },
  };
}
