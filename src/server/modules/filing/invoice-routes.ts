import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { FILING_KIND_LABELS, type FilingKind } from "../../../domain/filing";
import { hasAnyRole, ROLES } from "../../../domain/roles";
import { invoices } from "../../db/schema";
import { type PaymentProvider, PaymentProviderError } from "../../integrations/payments";
import { currentUser } from "../../plugins/auth";
import { httpError } from "../../plugins/errors";
import { renderInvoicePdf } from "./invoice-pdf";
import { findInvoice, listInvoices } from "./invoices";
import { CheckoutResponse, ErrorBody, IdParams, InvoiceSchema } from "./schemas";

export const CHECKOUT_UNAVAILABLE =
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
      config: { auth: [] },
      schema: {
        tags: ["filing"],
        summary: "Pay an invoice: a Stripe Checkout page to open, or bank transfer / check instructions",
        description:
          'With Stripe (`provider: "stripe"`) send the owner to `url`; the webhook marks the invoice paid. ' +
          'Otherwise (`provider: "manual"`) show the instructions; staff mark the invoice paid when the money arrives. ' +
          "A paid or void invoice answers 409; 503 when Stripe cannot be reached.",
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
      try {
        const start = await opts.provider.startCheckout({
          invoiceId: row.id,
          invoiceNumber: row.number,
          amountCents: Math.max(0, row.amountCents - api.paidCents),
          currency: row.currency,
          description: `${kind} ${api.year}, BBL ${api.bbl}`,
          customerEmail: currentUser(request).email,
          successUrl: `${config.publicUrl}/dashboard/invoices/${row.id}?checkout=success`,
          cancelUrl: `${config.publicUrl}/dashboard/invoices/${row.id}?checkout=cancelled`,
        });
        if (start.provider === "stripe") {
          await db
            .update(invoices)
            .set({ checkoutSessionId: start.sessionId, updatedAt: new Date() })
            .where(eq(invoices.id, row.id));
        }
        return start;
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        request.log.warn({ err }, "starting checkout failed");
        return reply
          .status(503)
          .send({ statusCode: 503, error: "Service Unavailable", message: CHECKOUT_UNAVAILABLE });
      }
    },
  );
}
