import type { FastifyInstance } from "fastify";
import { createPaymentProvider, type PaymentProvider } from "../../integrations/payments";
import { invoiceRoutes } from "./invoice-routes";
import { ownerFilingRoutes } from "./owner-routes";
import { createReminderRunner, ensureRemindersScheduled } from "./reminder-job";
import { staffFilingRoutes } from "./staff-routes";
import { stripeWebhookRoute } from "./stripe-webhook";

/**
 * The filing pipeline (docs/filing.md): owner and staff routes, invoices and checkout, the
 * Stripe webhook, and the reminder job (run here when JOBS_IN_PROCESS is on).
 */
export async function filingRoutes(app: FastifyInstance, opts: { provider?: PaymentProvider } = {}) {
  const ctx = app.ctx;
  const provider = opts.provider ?? createPaymentProvider(ctx.config);
  await app.register(ownerFilingRoutes);
  await app.register(staffFilingRoutes);
  await app.register(invoiceRoutes, { provider });
  await app.register(stripeWebhookRoute, {});

  if (ctx.config.jobsInProcess) {
    const runner = createReminderRunner(ctx, app.log);
    app.addHook("onReady", async () => {
      await ensureRemindersScheduled(ctx.db, ctx.config.filingRemindersEveryMinutes);
      runner.start();
    });
    app.addHook("onClose", async () => runner.stop(3000));
  }
}
