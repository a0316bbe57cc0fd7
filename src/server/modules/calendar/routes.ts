/**
 * Calendar on the server (docs/calendar.md): events as a synced type (the sync module's route
 * factory gives them their routes, feed, write batch and live notices), the company's product
 * dates, and each member's secret ICS feed URL (made and revoked by its member, read by calendar
 * apps without signing in).
 */
import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { EVENT_COLOURS, CALENDAR_LIMITS as L, VISIBILITIES } from "../../../domain/calendar/event";
import { PRODUCT_DATE_KINDS } from "../../../domain/calendar/product-dates";
import { type CompanyScope, companyMember } from "../../plugins/company-scope";
import { ErrorBody, httpError } from "../../plugins/errors";
import { randomToken, sha256 } from "../auth/secrets";
import type { ServerSyncedType } from "../sync/types";
import { calendarIcs } from "./ics";
import { companyProductDates } from "./product-dates";
import { deleteFeedToken, EVENT, feedByHash, feedOf, listEvents, saveFeedToken } from "./store";

/** Members of the company (employees and admins; staff within a company they belong to). */
const member = (request: FastifyRequest): Promise<CompanyScope> =>
  companyMember(request, "Only members of the company can see or change its calendar");

const Uuid = Type.String({ format: "uuid" });
const Bound = Type.String({ minLength: 10, maxLength: 40 });
const fields = {
  title: Type.String({ maxLength: L.titleMax }),
  description: Type.String({ maxLength: L.descriptionMax }),
  start: Bound,
  end: Bound,
  allDay: Type.Boolean(),
  colour: Type.Union(EVENT_COLOURS.map((c) => Type.Literal(c))),
  visibility: Type.Union(VISIBILITIES.map((v) => Type.Literal(v))),
};
const optional = (keys: readonly string[]) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, keys.includes(k) ? v : Type.Optional(v)]),
  ) as typeof fields;
const required = ["title", "start", "end"];
const EventRow = Type.Object({
  id: Uuid,
  companyId: Uuid,
  ownerId: Type.Union([Uuid, Type.Null()]),
  version: Type.Integer(),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
  ...fields,
});

export const CALENDAR_SYNCED: readonly ServerSyncedType[] = [
  {
    kind: EVENT,
    tag: "calendar",
    schemas: {
      row: EventRow,
      put: Type.Object(
        { ...optional(required), version: Type.Optional(Type.Integer({ minimum: 1 })) },
        { additionalProperties: false },
      ),
      post: Type.Object({ ...optional(required), id: Type.Optional(Uuid) }, { additionalProperties: false }),
      patch: Type.Object(
        { ...optional([]), version: Type.Integer({ minimum: 1 }) },
        { additionalProperties: false },
      ),
      listQuery: Type.Object({}),
      page: Type.Object({ rows: Type.Array(EventRow) }),
    },
    access: member,
    onCreate: (scope) => ({ ownerId: scope.userId }),
    list: async (db, scope) => ({ rows: await listEvents(db, scope.companyId, scope.userId) }),
    listSummary:
      "My company's events and my private ones, by start (the app keeps them in sync through the change feed)",
  },
];

const ProductDate = Type.Object({
  id: Type.String(),
  kind: Type.Union(PRODUCT_DATE_KINDS.map((k) => Type.Literal(k))),
  date: Type.String(),
  subject: Type.String(),
  daysBefore: Type.Optional(Type.Integer()),
  link: Type.String(),
});
const FeedStatus = Type.Object({
  active: Type.Boolean(),
  createdAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
});
const NewFeed = Type.Object({ url: Type.String(), createdAt: Type.String({ format: "date-time" }) });
const TokenParams = Type.Object(
  { token: Type.String({ pattern: "^[A-Za-z0-9_-]{43}\\.ics$" }) },
  { additionalProperties: false },
);

const ICS_PATH = "/api/calendar/ics";

export async function calendarRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;

  app.get(
    "/api/calendar/product-dates",
    {
      config: { auth: [] },
      schema: {
        tags: ["calendar"],
        summary:
          "My company's product dates: RPIE deadlines and reminder days, unpaid invoices, eBay orders to ship (read-only, all-day)",
        response: { 200: Type.Object({ dates: Type.Array(ProductDate) }), 403: ErrorBody },
      },
    },
    async (request) => ({ dates: await companyProductDates(db, (await member(request)).companyId) }),
  );

  app.get(
    "/api/calendar/feed",
    {
      config: { auth: [] },
      schema: {
        tags: ["calendar"],
        summary:
          "Whether I have an ICS feed URL for my active company (the URL itself is shown once, when made)",
        response: { 200: FeedStatus, 403: ErrorBody },
      },
    },
    async (request) => {
      const scope = await member(request);
      const row = await feedOf(db, scope.userId, scope.companyId);
      return { active: !!row, createdAt: row?.createdAt.toISOString() ?? null };
    },
  );

  app.post(
    "/api/calendar/feed",
    {
      config: { auth: [] },
      schema: {
        tags: ["calendar"],
        summary: "Make my secret ICS feed URL (a new one replaces the old, which stops working)",
        response: { 201: NewFeed, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const scope = await member(request);
      const token = randomToken();
      const createdAt = await saveFeedToken(db, scope.userId, scope.companyId, sha256(token));
      return reply.status(201).send({
        url: `${config.publicUrl}${ICS_PATH}/${token}.ics`,
        createdAt: createdAt.toISOString(),
      });
    },
  );

  app.delete(
    "/api/calendar/feed",
    {
      config: { auth: [] },
      schema: {
        tags: ["calendar"],
        summary: "Revoke my ICS feed URL (it answers 404 from then on)",
        response: { 204: Type.Null(), 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const scope = await member(request);
      await deleteFeedToken(db, scope.userId, scope.companyId);
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { token: string } }>(
    `${ICS_PATH}/:token`,
    {
      config: { auth: "public" },
      schema: {
        tags: ["calendar"],
        summary:
          "A member's calendar as iCalendar (RFC 5545): the company's events, their private ones and the product dates. The URL is the secret",
        params: TokenParams,
        response: { 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const token = request.params.token.slice(0, -".ics".length);
      const found = await feedByHash(db, sha256(token));
      if (!found) throw httpError(404, "No calendar feed at this address (it may have been revoked)");
      const [events, dates] = await Promise.all([
        listEvents(db, found.companyId, found.userId),
        companyProductDates(db, found.companyId),
      ]);
      const body = calendarIcs({
        name: `${found.name} (Blocklot)`,
        publicUrl: config.publicUrl,
        events,
        dates,
      });
      return reply
        .header("cache-control", "private, max-age=300")
        .type("text/calendar; charset=utf-8")
        .send(body);
    },
  );
}
