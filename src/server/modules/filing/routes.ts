import type { FastifyInstance } from "fastify";
import { createPaymentProvider, type PaymentProvider } from "../../integrations/payments";
import { createFileStore } from "../../storage";
import type { FiledOutputs, FilingFlags } from "./documents";
import { invoiceRoutes } from "./invoice-routes";
import { ownerFilingRoutes } from "./owner-routes";
import { createReminderRunner, ensureRemindersScheduled } from "./reminder-job";
import { staffFilingRoutes } from "./staff-routes";
import { stripeWebhookRoute } from "./stripe-webhook";

/**
 * The filing pipeline (docs/filing.md): owner and staff routes, invoices and checkout, the
 * Stripe webhook, and the reminder job (run here when JOBS_IN_PROCESS is on). `filedOutputs`
 * renders what is filed (statement-mapping's readyMappingOutputs, given by modules/index.ts),
 * `filingFlags` the TC309 flags (statement-mapping's tc309FlagsOf).
 */
export async function filingRoutes(
  app: FastifyInstance,
  opts: { provider?: PaymentProvider; filedOutputs: FiledOutputs; filingFlags?: FilingFlags },
) {
  const ctx = app.ctx;
  const provider = opts.provider ?? createPaymentProvider(ctx.config);
  // The same store as statement files (DATA_DIR/files or S3): what was filed is kept there.
  const store = createFileStore(ctx.config);
  await app.register(ownerFilingRoutes, { store });
  await app.register(staffFilingRoutes, {
    store,
    filedOutputs: opts.filedOutputs,
    filingFlags: opts.filingFlags ?? (async () => []),
  });
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
