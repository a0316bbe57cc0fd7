import type { CheckoutRequest, PaymentProvider } from "./provider";
import { PaymentProviderError } from "./provider";

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

/** The one Stripe API call the product makes: create a Checkout Session (mode "payment"). */
export function createStripeClient(opts: StripeClientOptions) {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function post(path: string, form: FormObject, idempotencyKey?: string): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${opts.apiUrl}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${opts.secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        body: encodeStripeForm(form),
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
      const body = (await post(
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
  };
}

/** Stripe Checkout as the payment provider. */
export function createStripeProvider(opts: StripeClientOptions): PaymentProvider {
  const client = createStripeClient(opts);
  return {
    name: "stripe",
    async startCheckout(request) {
      const session = await client.createCheckoutSession(request);
      return { provider: "stripe", sessionId: session.id, url: session.url };
    },
  };
}
