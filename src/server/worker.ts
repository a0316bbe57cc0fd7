import type { FastifyBaseLogger } from "fastify";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { startOcr } from "./extraction/ocr-setup";
import { setMailDomain } from "./mail/mailbox";
import { createMailer } from "./mail/mailer";
import { createEbayRunner, ensureEbayJobs } from "./modules/ebay/jobs";
import { createFileServices } from "./modules/files/services";
import { createReminderRunner, ensureRemindersScheduled } from "./modules/filing/reminder-job";
import { createPhotoCleanupRunner, ensurePhotoCleanupScheduled } from "./modules/inventory/photo-cleanup-job";
import { createMailRunner } from "./modules/mail/delivery-runner";
import { createPruneRunner, ensurePruneScheduled } from "./modules/notifications/prune-job";
import { createPushRunner } from "./modules/notifications/push-job";
import { excerpt, excerptDeep, isLoopbackUrl } from "./plugins/log-redaction";
import { startHeartbeat } from "./process-heartbeat";
import { createFileStore } from "./storage";

/**
 * `node dist/server/worker.js`: an extraction worker process without the HTTP API. Run
 * any number beside API replicas started with JOBS_IN_PROCESS=false; all of them claim
 * jobs from one PostgreSQL database (DATABASE_URL) with FOR UPDATE SKIP LOCKED and read
 * files from the shared S3 storage. See docs/scaling.md.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      "Separate extraction workers need DATABASE_URL (PostgreSQL); with PGlite jobs run in the API process",
    );
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  // This process's liveness: another worker claims its jobs at once if it dies (process-heartbeat.ts).
  const heartbeat = await startHeartbeat(database.db, {
    warn: (obj, msg) => console.warn(logLine("warn", obj, msg)),
  });
  const log = {
    info: (obj: object, msg?: string) => console.log(logLine("info", obj, msg)),
    warn: (obj: object, msg?: string) => console.warn(logLine("warn", obj, msg)),
    error: (obj: object, msg?: string) => console.error(logLine("error", obj, msg)),
  };
  const ocr = await startOcr(config.ocr, log);
  const services = createFileServices({ config, db: database.db }, log, { runJobs: true, ocr });
  services.runner?.start();
  // Filing reminders (docs/filing.md) run here too when API replicas have JOBS_IN_PROCESS=false.
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: log as unknown as FastifyBaseLogger,
    logLinks: isLoopbackUrl(config.publicUrl),
  });
  const reminders = createReminderRunner({ config, database, db: database.db, mailer }, log);
  await ensureRemindersScheduled(database.db, config.filingRemindersEveryMinutes);
  reminders.start();
  // Users' mail, to colleagues and to outside addresses (docs/mail.md "Sending"), likewise.
  setMailDomain(config.mailDomain);
  const mailSender = createMailRunner({ config, database, db: database.db, mailer }, log);
  await mailSender.start();
  // The inventory photo cleanup (docs/warehouse.md) likewise; it deletes from the shared store.
  const ctx = { config, database, db: database.db, mailer };
  const photoCleanup = createPhotoCleanupRunner(ctx, createFileStore(config), log);
  await ensurePhotoCleanupScheduled(database.db, config.inventoryPhotoCleanupEveryMinutes);
  photoCleanup.start();
  // Old read notifications (docs/notifications.md) likewise.
  const notificationPrune = createPruneRunner(ctx, log);
  await ensurePruneScheduled(database.db);
  notificationPrune.start();
  // Web Push of new notifications likewise (the same VAPID keys as the API replicas: docs/scaling.md).
  const pushSender = createPushRunner(ctx, log);
  pushSender.start();
  // eBay listing and order jobs (docs/ebay.md) likewise, when the eBay connection is configured.
  const ebayRunner = config.ebay
    ? createEbayRunner({ ...ctx, ebay: config.ebay, store: createFileStore(config) }, log)
    : null;
  if (config.ebay) await ensureEbayJobs(database.db, config.ebay);
  ebayRunner?.start();
  log.info(
    { worker: services.runner?.workerId, threads: config.extractionWorkers },
    "extraction worker started",
  );
  const shutdown = async () => {
    await Promise.all([
      services.close(),
      reminders.stop(3000),
      mailSender.stop(3000),
      photoCleanup.stop(3000),
      notificationPrune.stop(3000),
      pushSender.stop(3000),
      ebayRunner?.stop(3000),
    ]);
    mailer.close();
    await heartbeat.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
}

/** One JSON log line, redacted and cut to excerpts like the API's (plugins/log-redaction.ts). */
function logLine(level: string, obj: object, msg?: string): string {
  const plain = Object.fromEntries(
    Object.entries(obj instanceof Error ? { err: obj } : obj).map(([k, v]) => [
      k,
      v instanceof Error ? { type: v.name, message: v.message, stack: v.stack } : v,
    ]),
  );
  const fields = excerptDeep(plain) as object;
  return JSON.stringify({ level, msg: msg === undefined ? undefined : excerpt(msg, 1000), ...fields });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
