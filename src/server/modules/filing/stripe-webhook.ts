import { Type } from "@sinclair/typebox";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { invoices } from "../../db/schema";
import { verifyStripeSignature } from "../../integrations/payments";
import { httpError } from "../../plugins/errors";
import { recordPayment } from "./invoices";

interface StripeEvent {
  id?: unknown;
  type?: unknown;
  data?: { object?: Record<string, unknown> };
}

/** Checkout Session events that mean the money arrived. */
const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * POST /api/payments/stripe/webhook: Stripe's notice that a Checkout Session was paid. The raw
 * body is verified against the Stripe-Signature header with STRIPE_WEBHOOK_SECRET (forged or
 * stale → 400); the payment is recorded under the event id, so a replay answers 200 and changes
 * nothing. Registered in its own plugin so only this route reads JSON as raw bytes.
 */
export async function stripeWebhookRoute(app: FastifyInstance, opts: { now?: () => Date }) {
  const { db, config } = app.ctx;
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/api/payments/stripe/webhook",
    {
      config: { auth: "public" },
      schema: {
        tags: ["payments"],
        summary: "Stripe webhook (checkout.session.completed); signed with STRIPE_WEBHOOK_SECRET",
        response: { 200: Type.Object({ received: Type.Boolean(), recorded: Type.Boolean() }) },
      },
    },
    async (request) => {
      if (!config.stripe) throw httpError(404, "Stripe payments are not configured");
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw httpError(400, "Send the Stripe event as application/json");
      const header = request.headers["stripe-signature"];
      const now = opts.now?.() ?? new Date();
      const check = verifyStripeSignature(
        raw,
        Array.isArray(header) ? header.join(",") : header,
        config.stripe.webhookSecret,
        Math.floor(now.getTime() / 1000),
      );
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, "Stripe webhook refused");
        throw httpError(400, `Webhook signature verification failed: ${check.reason}`);
      }
      let event: StripeEvent;
      try {
        event = JSON.parse(raw.toString("utf8")) as StripeEvent;
      } catch {
        throw httpError(400, "Request body is not valid JSON");
      }
      if (typeof event.id !== "string" || typeof event.type !== "string") {
        throw httpError(400, "Not a Stripe event: id and type are required");
      }
      const session = event.data?.object ?? {};
      if (!PAID_EVENTS.has(event.type) || session.payment_status !== "paid") {
        return { received: true, recorded: false };
      }
      const metadata = (session.metadata ?? {}) as Record<string, unknown>;
      const invoiceId = String(metadata.invoice_id ?? session.client_reference_id ?? "");
      const [invoice] = /^[0-9a-f-]{36}$/i.test(invoiceId)
        ? await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId))
        : [];
      if (!invoice) {
        request.log.warn({ event: event.id, invoiceId }, "Stripe payment for an unknown invoice");
        return { received: true, recorded: false };
      }
      const amount = Number(session.amount_total);
      if (!Number.isSafeInteger(amount) || amount < 0)
        throw httpError(400, "The session has no amount_total");
      const result = await recordPayment(
        db,
        invoice.id,
        {
          provider: "stripe",
          eventId: event.id,
          paymentId: typeof session.id === "string" ? session.id : null,
          amountCents: amount,
          currency: typeof session.currency === "string" ? session.currency : undefined,
          actor: "system",
          actorId: null,
        },
        now,
      );
      return { received: true, recorded: result.recorded };
    },
  );
}
