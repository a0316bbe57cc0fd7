/**
 * Web Push's data (docs/notifications.md "Web Push"): the users' device subscriptions, their
 * per-type switches, and the push jobs a new notification queues for each subscribed device.
 */
import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import {
  defaultPushSettings,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushSettings,
  type PushSubscriptionBody,
} from "../../../domain/notifications/push";
import { NOTIFICATION_TYPES, type NotificationType } from "../../../domain/notifications/types";
import type * as schema from "../../db/schema";
import { pushSettings, pushSubscriptions } from "../../db/schema";
import { enqueueUnlessQueued } from "../../jobs/queue";

type Q = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export const NOTIFICATION_PUSH_JOB = "notification-push";

/**
 * Stores the device's subscription for the user. The endpoint is the device: subscribing again
 * refreshes its keys, and a device last used by another account moves to this one. A user keeps at
 * most PUSH_SUBSCRIPTIONS_PER_USER devices; the oldest goes first.
 */
export async function saveSubscription(q: Q, userId: string, body: PushSubscriptionBody): Promise<void> {
  await q
    .insert(pushSubscriptions)
    .values({ id: uuidv7(), userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        createdAt: sql`now()`,
      },
    });
  const extra = await q
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
    .offset(PUSH_SUBSCRIPTIONS_PER_USER);
  if (extra.length) {
    await q.delete(pushSubscriptions).where(
      inArray(
        pushSubscriptions.id,
        extra.map((r) => r.id),
      ),
    );
  }
}

/** Removes the user's subscription of this endpoint; false when the user has none (another's is untouched). */
export async function removeSubscription(q: Q, userId: string, endpoint: string): Promise<boolean> {
  const gone = await q
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** Removes a subscription the push service says is gone (404/410). */
export async function dropSubscription(q: Q, id: string): Promise<void> {
  await q.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function findSubscription(q: Q, id: string) {
  const [row] = await q.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row ?? null;
}

/** The user's switch for every type (a type never switched is on). */
export async function readPushSettings(q: Q, userId: string): Promise<PushSettings> {
  const settings = defaultPushSettings();
  const rows = await q
    .select({ type: pushSettings.type, enabled: pushSettings.enabled })
    .from(pushSettings)
    .where(eq(pushSettings.userId, userId));
  for (const row of rows) {
    if ((NOTIFICATION_TYPES as readonly string[]).includes(row.type)) {
      settings[row.type as NotificationType] = row.enabled;
    }
  }
  return settings;
}

/** Sets the given types' switches; answers every type's. */
export async function updatePushSettings(
  q: Q,
  userId: string,
  change: Partial<PushSettings>,
): Promise<PushSettings> {
  const rows = Object.entries(change)
    .filter((e): e is [NotificationType, boolean] => typeof e[1] === "boolean")
    .map(([type, enabled]) => ({ userId, type, enabled }));
  if (rows.length) {
    await q
      .insert(pushSettings)
      .values(rows)
      .onConflictDoUpdate({
        target: [pushSettings.userId, pushSettings.type],
        set: { enabled: sql`excluded.enabled` },
      });
  }
  return readPushSettings(q, userId);
}

/**
 * Queues one push per device of each recipient who has this type switched on, in the caller's
 * transaction. Keyed by notification and device: a notification refreshed again before its push
 * went out (an import's chunks) is pushed once, with what it says by then.
 */
export async function queuePushes(
  q: Q,
  type: NotificationType,
  created: ReadonlyArray<{ id: string; userId: string }>,
): Promise<void> {
  if (created.length === 0) return;
  const subs = await q
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(
      and(
        inArray(
          pushSubscriptions.userId,
          created.map((c) => c.userId),
        ),
        notExists(
          q
            .select({ one: sql`1` })
            .from(pushSettings)
            .where(
              and(
                eq(pushSettings.userId, pushSubscriptions.userId),
                eq(pushSettings.type, type),
                eq(pushSettings.enabled, false),
              ),
            ),
        ),
      ),
    );
  const notificationOf = new Map(created.map((c) => [c.userId, c.id]));
  await enqueueUnlessQueued(
    q,
    subs.flatMap((s) => {
      const notificationId = notificationOf.get(s.userId);
      return notificationId
        ? [
            {
              kind: NOTIFICATION_PUSH_JOB,
              key: `${NOTIFICATION_PUSH_JOB}:${notificationId}:${s.id}`,
              payload: { notificationId, subscriptionId: s.id },
            },
          ]
        : [];
    }),
  );
}
