import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  PUSH_ENDPOINT_MAX,
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SETTINGS_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
  type PushSettings,
  pushKeysProblem,
} from "../../../domain/notifications/push";
import { NOTIFICATION_TYPES } from "../../../domain/notifications/types";
import { currentUser } from "../../plugins/auth";
import { ErrorBody, httpError } from "../../plugins/errors";
import { endpointProblem } from "./push-endpoint";
import { readPushSettings, removeSubscription, saveSubscription, updatePushSettings } from "./push-store";

const Subscription = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Type.Object(
      {
        p256dh: Type.String({ minLength: 1, maxLength: 200 }),
        auth: Type.String({ minLength: 1, maxLength: 100 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
const Unsubscribe = Type.Object(
  { endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX }) },
  { additionalProperties: false },
);
const Settings = Type.Object(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Type.Boolean()])), {
  additionalProperties: false,
});
const SettingsChange = Type.Object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Type.Optional(Type.Boolean())])),
  { additionalProperties: false, minProperties: 1 },
);
const PublicKey = Type.Object({ publicKey: Type.String() });

/**
 * Web Push for the signed-in user (docs/notifications.md "Web Push"): the key browsers subscribe
 * with, this device's subscription, and which notification types are pushed. Every route answers
 * the caller's own rows only; another user's endpoint answers 404 like an unknown one.
 */
export async function pushRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;

  app.get(
    PUSH_PUBLIC_KEY_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "The VAPID public key to subscribe with (pushManager.subscribe applicationServerKey)",
        response: { 200: PublicKey },
      },
    },
    async () => ({ publicKey: config.push.publicKey }),
  );

  app.post<{ Body: Static<typeof Subscription> }>(
    PUSH_SUBSCRIPTIONS_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "Push my notifications to this device (PushSubscription.toJSON())",
        description:
          "The endpoint must be an https URL of a push service; `keys.p256dh` a P-256 public key and `keys.auth` a 16-byte secret, base64url. Again with the same endpoint refreshes it; a device last subscribed by another account moves to the caller.",
        body: Subscription,
        response: { 204: Type.Null(), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const problem =
        endpointProblem(body.endpoint, config.push.allowLocalEndpoints) ?? pushKeysProblem(body.keys);
      if (problem) throw httpError(400, `Invalid body: ${problem}`);
      await saveSubscription(db, currentUser(request).id, body);
      return reply.status(204).send();
    },
  );

  app.delete<{ Body: Static<typeof Unsubscribe> }>(
    PUSH_SUBSCRIPTIONS_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "Stop pushing to this device",
        body: Unsubscribe,
        response: { 204: Type.Null(), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!(await removeSubscription(db, currentUser(request).id, request.body.endpoint))) {
        throw httpError(404, "Push subscription not found");
      }
      return reply.status(204).send();
    },
  );

  app.get(
    PUSH_SETTINGS_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "Which notification types are pushed to my devices",
        response: { 200: Settings },
      },
    },
    async (request): Promise<PushSettings> => readPushSettings(db, currentUser(request).id),
  );

  app.patch<{ Body: Partial<PushSettings> }>(
    PUSH_SETTINGS_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["notifications"],
        summary: "Switch the push of notification types on or off",
        description:
          'Send only the types to change (`{ "quote_sent": false }`); answers every type\'s switch.',
        body: SettingsChange,
        response: { 200: Settings, 400: ErrorBody },
      },
    },
    async (request): Promise<PushSettings> =>
      updatePushSettings(db, currentUser(request).id, request.body as Partial<PushSettings>),
  );
}
