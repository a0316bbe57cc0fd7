/**
 * Mail on the server (docs/mail.md): messages and labels as user types (the sync module's route
 * factory gives them their routes, the feed, the write batch and live notices), the jobs that
 * deliver sent mail (`mail-deliver`, `mail-send`), and the optional incoming SMTP listener.
 */
import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAIL_LIMITS as L, MAIL_STATES } from "../../../domain/mail/message";
import { startInboundSmtp } from "../../mail/inbound";
import type { CompanyScope } from "../../plugins/company-scope";
import type { ServerSyncedType } from "../sync/types";
import { createMailRunner } from "./delivery-runner";
import { LABEL, listLabels, listMessages, MESSAGE, newMessageColumns } from "./store";

/** Every signed-in member of a company reads and writes their own mail (never anyone else's). */
const ownMailbox = (request: FastifyRequest): Promise<CompanyScope> => request.companyScope();

const Uuid = Type.String({ format: "uuid" });
const Stamp = Type.String({ format: "date-time" });
const Address = Type.String({ minLength: 3, maxLength: L.addressMax });
const Addresses = Type.Array(Address, { maxItems: L.recipientsMax });
const LabelName = Type.String({ minLength: 1, maxLength: 40 });
const messageFields = {
  to: Addresses,
  cc: Addresses,
  subject: Type.String({ maxLength: L.subjectMax }),
  html: Type.String({ maxLength: L.htmlMax }),
  inReplyTo: Type.String({ maxLength: 998 }),
  labels: Type.Array(LabelName, { maxItems: L.labelsMax }),
  read: Type.Boolean(),
  state: Type.Union(MAIL_STATES.map((s) => Type.Literal(s))),
};
const allOptional = <T extends Record<string, import("@sinclair/typebox").TSchema>>(o: T) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Type.Optional(v)])) as {
    [K in keyof T]: import("@sinclair/typebox").TOptional<T[K]>;
  };
const MessageRow = Type.Object({
  id: Uuid,
  userId: Uuid,
  threadId: Uuid,
  messageId: Type.String(),
  references: Type.Array(Type.String()),
  from: Type.String(),
  fromName: Type.String(),
  text: Type.String(),
  sentAt: Type.Union([Stamp, Type.Null()]),
  version: Type.Integer(),
  createdAt: Stamp,
  updatedAt: Stamp,
  ...messageFields,
});
const labelFields = {
  name: Type.String({ minLength: 1, maxLength: L.labelNameMax }),
  colour: Type.String({ minLength: 1, maxLength: 20 }),
};
const LabelRow = Type.Object({
  id: Uuid,
  userId: Uuid,
  version: Type.Integer(),
  createdAt: Stamp,
  updatedAt: Stamp,
  ...labelFields,
});
const Version = Type.Integer({ minimum: 1 });

export const MAIL_SYNCED: readonly ServerSyncedType[] = [
  {
    kind: MESSAGE,
    tag: "mail",
    schemas: {
      row: MessageRow,
      put: Type.Object(
        { ...allOptional(messageFields), version: Type.Optional(Version) },
        { additionalProperties: false },
      ),
      post: Type.Object(
        { ...allOptional(messageFields), id: Type.Optional(Uuid) },
        { additionalProperties: false },
      ),
      patch: Type.Object(
        { ...allOptional(messageFields), version: Version },
        { additionalProperties: false },
      ),
      listQuery: Type.Object(
        {
          label: Type.Optional(LabelName),
          q: Type.Optional(Type.String({ maxLength: L.searchMax })),
          thread: Type.Optional(Uuid),
          before: Type.Optional(Type.String({ maxLength: 80 })),
          limit: Type.Integer({ minimum: 1, maximum: L.pageMax, default: 50 }),
        },
        { additionalProperties: false },
      ),
      page: Type.Object({ rows: Type.Array(MessageRow), next: Type.Union([Type.String(), Type.Null()]) }),
    },
    access: ownMailbox,
    onCreate: newMessageColumns,
    list: (db, scope, query) => listMessages(db, scope.userId, query as Parameters<typeof listMessages>[2]),
    listSummary:
      "My messages, newest first: by label, by thread, or searched (subject, sender, body); `next` pages on",
  },
  {
    kind: LABEL,
    tag: "mail",
    schemas: {
      row: LabelRow,
      put: Type.Object(
        { ...allOptional(labelFields), version: Type.Optional(Version) },
        { additionalProperties: false },
      ),
      post: Type.Object(
        { ...allOptional(labelFields), id: Type.Optional(Uuid) },
        { additionalProperties: false },
      ),
      patch: Type.Object({ ...allOptional(labelFields), version: Version }, { additionalProperties: false }),
      listQuery: Type.Object({}),
      page: Type.Object({ rows: Type.Array(LabelRow) }),
    },
    access: ownMailbox,
    list: async (db, scope) => ({ rows: await listLabels(db, scope.userId) }),
    listSummary: "My own mail labels, by name",
  },
];

/** The delivery jobs (when JOBS_IN_PROCESS is on) and the incoming SMTP listener (when MAIL_INBOUND_PORT is set). */
export async function mailRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  if (ctx.config.jobsInProcess) {
    const runner = createMailRunner(ctx, app.log);
    app.addHook("onReady", async () => runner.start());
    app.addHook("onClose", async () => runner.stop(3000));
  }
  const port = ctx.config.mailInboundPort;
  if (port !== undefined) {
    app.addHook("onReady", async () => {
      ctx.mailInbound = await startInboundSmtp({
        db: ctx.db,
        port,
        host: ctx.config.mailInboundHost,
        maxBytes: ctx.config.mailInboundMaxBytes,
        log: app.log,
      });
      app.log.info({ port: ctx.mailInbound.port }, "incoming mail listener started");
    });
    app.addHook("onClose", async () => ctx.mailInbound?.close());
  }
}
