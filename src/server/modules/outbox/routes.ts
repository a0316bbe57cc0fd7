import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { OUTBOX_PATH, OUTBOX_STATUSES } from "../../../domain/outbox";
import { ROLES } from "../../../domain/roles";
import { httpError } from "../../plugins/errors";
import { findMail, listOutbox } from "./store";

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const Mail = Type.Object({
  id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  kind: Type.String(),
  status: Type.Union(OUTBOX_STATUSES.map((s) => Type.Literal(s))),
  error: Nullable(Type.String()),
  createdAt: Type.String(),
  sentAt: Nullable(Type.String()),
});

const MailFull = Type.Intersect([Mail, Type.Object({ text: Type.String(), html: Nullable(Type.String()) })]);

const Page = Type.Object({
  rows: Type.Array(Mail),
  total: Type.Integer(),
  page: Type.Integer(),
  rowsPerPage: Type.Integer(),
  delivery: Type.Union([Type.Literal("smtp"), Type.Literal("outbox")]),
});

const ListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    rowsPerPage: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    query: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(Type.Union(OUTBOX_STATUSES.map((s) => Type.Literal(s)))),
  },
  { additionalProperties: false },
);

const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });

const ErrorBody = Type.Object(
  { statusCode: Type.Integer(), error: Type.String(), message: Type.String() },
  { additionalProperties: true },
);

const superAdmin = { auth: [ROLES.SUPER_ADMIN] };

/**
 * The mail outbox for super admins (/admin/outbox): every mail the product sent or keeps, with
 * search, one mail in full, and resend (a new outbox row, sent now when there is a mail server).
 */
export async function outboxRoutes(app: FastifyInstance) {
  const { db, config, mailer } = app.ctx;

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    OUTBOX_PATH,
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "Mail outbox, newest first; query matches recipient, subject or kind",
        querystring: ListQuery,
        response: { 200: Page },
      },
    },
    async (request) => {
      const { page, rowsPerPage } = request.query;
      const { rows, total } = await listOutbox(db, request.query);
      return { rows, total, page, rowsPerPage, delivery: config.smtpUrl ? "smtp" : "outbox" } as const;
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    `${OUTBOX_PATH}/:id`,
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "One mail with its text and HTML",
        params: IdParams,
        response: { 200: MailFull, 404: ErrorBody },
      },
    },
    async (request) => {
      const mail = await findMail(db, request.params.id);
      if (!mail) throw httpError(404, "Mail not found");
      const { raw: _raw, ...full } = mail;
      return full;
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    `${OUTBOX_PATH}/:id/resend`,
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "Send a mail again: a new outbox row, handed to the mail server when there is one",
        params: IdParams,
        response: { 201: Mail, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const mail = await findMail(db, request.params.id);
      if (!mail) throw httpError(404, "Mail not found");
      const { to, subject, text, html, kind } = mail.raw;
      const id = await mailer.send({ to, subject, text, kind, ...(html ? { html } : {}) });
      const sent = await findMail(db, id);
      if (!sent) throw new Error("The resent mail is not in the outbox");
      request.log.info({ mail: id, from: mail.id }, "mail resent from the outbox");
      const { raw: _raw, text: _text, html: _html, ...row } = sent;
      return reply.status(201).send(row);
    },
  );
}
