/**
 * The runner of mail's jobs (docs/mail.md "Sending"): `mail-deliver` (copies into product users'
 * inboxes) and `mail-send` (outside addresses through SMTP_URL). It runs in the API process with
 * JOBS_IN_PROCESS, else in `worker.js`. A send NOTIFYs `mail_deliver` as it commits, which wakes
 * the runner of any process listening (so a delivery starts at once, not at the next poll).
 */
import type { ServerContext } from "../../context";
import { listenChannel } from "../../db/listen";
import { createJobRunner, type JobLog } from "../../jobs/runner";
import {
  MAIL_DELIVER_CHANNEL,
  MAIL_DELIVER_JOB,
  MAIL_SEND_JOB,
  mailDeliverHandler,
  mailSendHandler,
} from "./send";

export interface MailRunner {
  start(): Promise<void>;
  stop(graceMs?: number): Promise<void>;
}

export function createMailRunner(
  ctx: ServerContext,
  log: JobLog,
  opts: { pollMs?: number } = {},
): MailRunner {
  const runner = createJobRunner({
    db: ctx.db,
    log,
    concurrency: 2,
    pollMs: opts.pollMs ?? 1000,
    handlers: { [MAIL_DELIVER_JOB]: mailDeliverHandler(ctx), [MAIL_SEND_JOB]: mailSendHandler(ctx) },
  });
  let listener: Awaited<ReturnType<typeof listenChannel>> | null = null;
  return {
    async start() {
      runner.start();
      // Without the channel (it failed to open) the poll still finds the jobs, a second later.
      listener = await listenChannel(ctx.database, MAIL_DELIVER_CHANNEL, () => runner.wake()).catch((err) => {
        log.warn({ err }, "mail delivery: no wake-up channel, polling only");
        return null;
      });
    },
    async stop(graceMs = 3000) {
      await listener?.close();
      await runner.stop(graceMs);
    },
  };
}
