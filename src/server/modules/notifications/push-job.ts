/**
 * The `notification-push` job (docs/notifications.md "Web Push"): one per new notification and
 * subscribed device, queued by `notify()` in the event's transaction. It sends what the
 * notification says when the job runs; a push service's 404/410 removes the subscription, any other
 * failure is retried by the jobs table's backoff (3 attempts). Run by the API process
 * (JOBS_IN_PROCESS) or by `worker.js`.
 */
import { PUSH_BODY_MAX, type PushPayload, pushTarget } from "../../../domain/notifications/push";
import type { ServerContext } from "../../context";
import type { Job } from "../../jobs/queue";
import { createJobRunner, type JobLog, type JobRunner } from "../../jobs/runner";
import { sendPush } from "./push-send";
import { dropSubscription, findSubscription, NOTIFICATION_PUSH_JOB } from "./push-store";
import { notificationForPush } from "./store";

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function pushHandler(ctx: Pick<ServerContext, "db" | "config">, log: JobLog) {
  return async (job: Job) => {
    const { notificationId, subscriptionId } = job.payload as {
      notificationId?: string;
      subscriptionId?: string;
    };
    if (typeof notificationId !== "string" || typeof subscriptionId !== "string") return;
    const [notification, subscription] = await Promise.all([
      notificationForPush(ctx.db, notificationId),
      findSubscription(ctx.db, subscriptionId),
    ]);
    // Removed, already read, or the device now belongs to another account: nothing to send.
    if (!notification || notification.readAt || !subscription) return;
    if (subscription.userId !== notification.userId) return;
    const payload: PushPayload = {
      title: notification.company,
      body: cut(notification.description, PUSH_BODY_MAX),
      url: pushTarget(notification.link),
      tag: notification.key ?? notificationId,
    };
    const outcome = await sendPush(ctx.config.push, subscription, payload);
    if (outcome.ok) return;
    if (outcome.gone) {
      await dropSubscription(ctx.db, subscription.id);
      log.info({ subscription: subscription.id, status: outcome.status }, "push subscription gone, removed");
      return;
    }
    throw new Error(`push service answered ${outcome.status}: ${outcome.detail}`);
  };
}

/** A runner that claims only push jobs. */
export function createPushRunner(ctx: Pick<ServerContext, "db" | "config">, log: JobLog): JobRunner {
  return createJobRunner({
    db: ctx.db,
    log,
    concurrency: 4,
    pollMs: 1000,
    handlers: { [NOTIFICATION_PUSH_JOB]: pushHandler(ctx, log) },
  });
}
