import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { FILING_KIND_LABELS, type FilingKind } from "../../../domain/filing";
import { hasAnyRole, ROLES } from "../../../domain/roles";
import {
  PaymentInProgressError,
  type PaymentProvider,
  PaymentProviderError,
} from "../../integrations/payments";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, errorBody, httpError } from "../../plugins/errors";
import { renderInvoicePdf } from "./invoice-pdf";
import { findInvoice, listInvoices, swapCheckoutSession } from "./invoices";
import { CheckoutResponse, IdParams, InvoiceSchema } from "./schemas";

const CHECKOUT_UNAVAILABLE =
  "Card payments are unavailable right now. Try again in a few minutes, or pay by bank transfer or check.";

const isStaff = (request: FastifyRequest) => !!request.user && hasAnyRole(request.user, [ROLES.SUPER_ADMIN]);

/**
 * Invoices of the active company: list, one, its PDF, and checkout (Stripe Checkout or bank
 * transfer / check instructions, by the configured provider). Staff may read any invoice.
 */
export async function invoiceRoutes(app: FastifyInstance, opts: { provider: PaymentProvider }) {
  const { db, config } = app.ctx;

  /** Staff see every invoice; everyone else their active company's (another company's → 404). */
  async function visible(request: FastifyRequest, id: string) {
    const companyId = isStaff(request) ? undefined : (await request.companyScope()).companyId;
    return findInvoice(db, id, companyId);
  }

  app.get(
    "/api/invoices",
    {
      config: { auth: [] },
      schema: {
        tags: ["filing"],
        summary: "My active company's invoices, newest first",
        response: { 200: Type.Array(InvoiceSchema) },
      },
    },
    async (request) => listInvoices(db, (await request.companyScope()).companyId),
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/invoices/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["filing"],
        summary: "One invoice with its lines and what was paid",
        params: IdParams,
        response: { 200: InvoiceSchema, 404: ErrorBody },
      },
    },
    async (request) => (await visible(request, request.params.id)).api,
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/invoices/:id/pdf",
    {
      config: { auth: [] },
      schema: {
        tags: ["filing"],
        summary: "The invoice as a PDF (attachment)",
        params: IdParams,
        produces: ["application/pdf"],
      },
    },
    async (request, reply) => {
      const { api } = await visible(request, request.params.id);
      const pdf = await renderInvoicePdf({
        ...api,
        paymentInstructions: config.stripe ? null : config.paymentInstructions,
      });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${api.number}.pdf"`)
        .header("cache-control", "private, no-cache")
        .send(Buffer.from(pdf));
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    "/api/invoices/:id/checkout",
    {
      config: { auth: [], idempotency: true },
      schema: {
        tags: ["filing"],
        summary: "Pay an invoice: a Stripe Checkout page to open, or bank transfer / check instructions",
        description:
          'With Stripe (`provider: "stripe"`) send the owner to `url`; the webhook marks the invoice paid. ' +
          'Otherwise (`provider: "manual"`) show the instructions; staff mark the invoice paid when the money arrives. ' +
          "Asking again while the invoice's Checkout Session is still open for the amount due answers that same session " +
          "(an open one for another amount is closed first), so an invoice never has two payable sessions. " +
          "A paid or void invoice, or one whose session was just completed, answers 409; 503 when Stripe cannot be reached. " +
          "Honours `Idempotency-Key`.",
        params: IdParams,
        response: { 200: CheckoutResponse, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { companyId } = await request.companyScope();
      const { row, api } = await findInvoice(db, request.params.id, companyId);
      if (row.status !== "unpaid")
        throw httpError(409, `Invoice ${row.number} is ${row.status}; there is nothing to pay`);
      const kind = FILING_KIND_LABELS[api.kind as FilingKind] ?? api.kind;
      const checkout = (previousSessionId: string | null) =>
        opts.provider.startCheckout({
          invoiceId: row.id,
          invoiceNumber: row.number,
          amountCents: Math.max(0, row.amountCents - api.paidCents),
          currency: row.currency,
          description: `${kind} ${api.year}, BBL ${api.bbl}`,
          customerEmail: currentUser(request).email,
          successUrl: `${config.publicUrl}/dashboard/invoices/${row.id}?checkout=success`,
          cancelUrl: `${config.publicUrl}/dashboard/invoices/${row.id}?checkout=cancelled`,
          previousSessionId,
        });
      try {
        // One payable session per invoice: the provider reuses the open one (or closes it first),
        // and the new one is kept only if no other checkout stored its own meanwhile.
        let previous = row.checkoutSessionId;
        for (let attempt = 0; ; attempt++) {
          const start = await checkout(previous);
          if (start.provider !== "stripe" || start.sessionId === previous) return start;
          // Another checkout of this invoice may have stored its session first: then close ours, go to theirs.
          const now = await swapCheckoutSession(db, row.id, previous, start.sessionId);
          if (now === start.sessionId) return start;
          await opts.provider.closeCheckout?.(start.sessionId);
          if (attempt === 2) throw new PaymentProviderError("Checkout kept changing; try again");
          previous = now;
        }
      } catch (err) {
        if (err instanceof PaymentInProgressError) throw httpError(409, err.message);
        if (!(err instanceof PaymentProviderError)) throw err;
        request.log.warn({ err }, "starting checkout failed");
        return reply.status(503).send(errorBody(503, CHECKOUT_UNAVAILABLE));
      }
    },
  );
}
