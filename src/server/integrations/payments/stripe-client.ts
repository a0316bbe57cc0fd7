import { createHash } from "node:crypto";
import type { CheckoutRequest, PaymentProvider } from "./provider";
import { PaymentInProgressError, PaymentProviderError } from "./provider";

type FormValue = string | number | boolean | null | undefined | FormObject | FormValue[];
interface FormObject {
  [key: string]: FormValue;
}

/** Stripe's form encoding: nested objects and arrays as `a[b][0][c]=v`. */
export function encodeStripeForm(value: FormObject): string {
  const pairs: string[] = [];
  const walk = (prefix: string, v: FormValue) => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(`${prefix}[${i}]`, item);
    } else if (typeof v === "object") {
      for (const [k, inner] of Object.entries(v)) walk(prefix ? `${prefix}[${k}]` : k, inner);
    } else {
      pairs.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(v))}`);
    }
  };
  walk("", value);
  return pairs.join("&");
}

export interface StripeClientOptions {
  secretKey: string;
  /** https://api.stripe.com, or a test double. */
  apiUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface StripeCheckoutSession {
  id: string;
  url: string;
}

/** What a retrieved Checkout Session tells: whether it can still be paid, and for how much. */
export interface StripeSessionState {
  id: string;
  status: "open" | "complete" | "expired";
  url: string | null;
  amountTotal: number | null;
  currency: string | null;
}

/** The one Stripe API call the product makes: create a Checkout Session (mode "payment"). */
export function createStripeClient(opts: StripeClientOptions) {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call(
    method: "GET" | "POST",
    path: string,
    form?: FormObject,
    idempotencyKey?: string,
  ): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${opts.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opts.secretKey}`,
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        body: form ? encodeStripeForm(form) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new PaymentProviderError(`Stripe is unreachable: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!res.ok) {
      throw new PaymentProviderError(
        `Stripe refused the request (${res.status}): ${body?.error?.message ?? "no message"}`,
        res.status,
      );
    }
    return body;
  }

  return {
    async createCheckoutSession(
      request: CheckoutRequest,
      idempotencyKey?: string,
    ): Promise<StripeCheckoutSession> {
      const body = (await call(
        "POST",
        "/v1/checkout/sessions",
        {
          mode: "payment",
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.invoiceId,
          customer_email: request.customerEmail,
          metadata: { invoice_id: request.invoiceId, invoice_number: request.invoiceNumber },
          payment_intent_data: { metadata: { invoice_id: request.invoiceId } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amountCents,
                product_data: { name: `Invoice ${request.invoiceNumber}`, description: request.description },
              },
            },
          ],
        },
        idempotencyKey,
      )) as Partial<StripeCheckoutSession> | null;
      if (!body || typeof body.id !== "string" || typeof body.url !== "string") {
        throw new PaymentProviderError("Stripe answered without a Checkout Session id and url");
      }
      return { id: body.id, url: body.url };
    },

    /** A Checkout Session's state (GET /v1/checkout/sessions/{id}). */
    async retrieveCheckoutSession(id: string): Promise<StripeSessionState> {
      const body = (await call("GET", `/v1/checkout/sessions/${encodeURIComponent(id)}`)) as Record<
        string,
        unknown
      > | null;
      const status = body?.status;
      if (!body || body.id !== id || (status !== "open" && status !== "complete" && status !== "expired")) {
        throw new PaymentProviderError("Stripe answered without the Checkout Session's status");
      }
      return {
        id,
        status,
        url: typeof body.url === "string" ? body.url : null,
        amountTotal: typeof body.amount_total === "number" ? body.amount_total : null,
        currency: typeof body.currency === "string" ? body.currency : null,
      };
    },

    /** Closes an open Checkout Session so it can no longer be paid (POST …/{id}/expire). */
    async expireCheckoutSession(id: string): Promise<void> {
      await call("POST", `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, {});
    },
  };
}

/**
 * Stripe's Idempotency-Key for creating an invoice's session: the same checkout asked for at
 * the same moment (two tabs, a double click) gets the same session from Stripe. It changes
 * with the session it replaces, the amount and everything else sent, so a later checkout, or
 * one with other parameters, is a new request.
 */
export function checkoutIdempotencyKey(request: CheckoutRequest): string {
  const parts = [
    request.invoiceId,
    request.previousSessionId ?? "first",
    request.amountCents,
    request.currency,
    request.customerEmail ?? "",
    request.successUrl,
    request.cancelUrl,
    request.description,
  ];
  return `blocklot-checkout-${createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 40)}`;
}

/** Stripe Checkout as the payment provider. */
export function createStripeProvider(opts: StripeClientOptions): PaymentProvider {
  const client = createStripeClient(opts);
  /**
   * Closes a session unless it is closed already: two checkouts of one invoice may close the
   * same spare session at once, and Stripe refuses the second expire (400, not open any more).
   */
  const expireIfOpen = async (sessionId: string) => {
    try {
      await client.expireCheckoutSession(sessionId);
    } catch (err) {
      const now = await client.retrieveCheckoutSession(sessionId).catch(() => null);
      if (now?.status === "open" || now === null) throw err;
    }
  };
  return {
    name: "stripe",
    async startCheckout(request) {
      if (request.previousSessionId) {
        const previous = await client.retrieveCheckoutSession(request.previousSessionId).catch((err) => {
          // Unknown to Stripe (another account, deleted test data): nothing there to pay.
          if (err instanceof PaymentProviderError && err.status === 404) return null;
          throw err;
        });
        if (previous?.status === "complete") {
          throw new PaymentInProgressError(
            "A card payment for this invoice was just completed; it shows as paid in a moment",
          );
        }
        if (previous?.status === "open") {
          const same =
            previous.url !== null &&
            previous.amountTotal === request.amountCents &&
            previous.currency?.toLowerCase() === request.currency.toLowerCase();
          // Still payable for what is due: the owner goes back to it rather than to a second one.
          if (same) return { provider: "stripe", sessionId: previous.id, url: previous.url as string };
          // Open for another amount (a part was paid meanwhile): closed, so only the new one can be paid.
          await expireIfOpen(previous.id);
        }
      }
      const session = await client.createCheckoutSession(request, checkoutIdempotencyKey(request));
      return { provider: "stripe", sessionId: session.id, url: session.url };
    },
    async closeCheckout(sessionId) {
      const state = await client.retrieveCheckoutSession(sessionId);
      if (state.status === "open") await expireIfOpen(sessionId);
    },
  };
}
