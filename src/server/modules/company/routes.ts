import { type Static, type TString, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { COMPANY_ROLES } from "../../../domain/roles";
import { currentUser } from "../../plugins/auth";
import { httpError } from "../../plugins/errors";
import { openCompanyChangeFeed } from "./change-feed";
import { invitationRoutes } from "./invitation-routes";
import { CompanyListCache } from "./list-cache";
import { managedListingRoutes } from "./managed-listing";
import { type CompanyEntry, listCompaniesOf } from "./queries";
import {
  assertCompanyAdmin,
  COMPANY_NOT_FOUND,
  removeMember,
  setActiveCompany,
  setMemberRoles,
  updateCompany,
} from "./service";

const COMPANY_NAME_MAX = 200;

const Uuid = Type.String({ format: "uuid" });
const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
const MemberParams = Type.Object({ id: Uuid, userId: Uuid }, { additionalProperties: false });

const Member = Type.Object({ id: Type.String(), roles: Type.Array(Type.String()) });
const CompanyEntrySchema = Type.Object({
  id: Type.String(),
  companyName: Type.String(),
  isPrimary: Type.Boolean(),
  createdAt: Type.String(),
  users: Type.Array(Member),
});
const CompanyList = Type.Array(CompanyEntrySchema);

const Nullable = <T extends TString>(t: T) => Type.Union([t, Type.Null()]);

const CompanyPatch = Type.Object(
  {
    companyName: Type.Optional(Type.String({ minLength: 1, maxLength: COMPANY_NAME_MAX })),
    phone: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    email: Type.Optional(Nullable(Type.String({ format: "email", maxLength: 254 }))),
    address: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    website: Type.Optional(Nullable(Type.String({ maxLength: 2048, pattern: "^https?://\\S+$" }))),
  },
  { additionalProperties: false },
);

const Company = Type.Object({
  id: Type.String(),
  companyName: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  website: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const RolesBody = Type.Object(
  {
    roles: Type.Array(Type.Union(COMPANY_ROLES.map((r) => Type.Literal(r))), {
      minItems: 1,
      maxItems: COMPANY_ROLES.length,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);

/** Empty text means "clear it"; everything else is stored trimmed. */
const clean = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);

/** The caller's companies, switching the active one, company details and member management. */
export async function companyRoutes(app: FastifyInstance) {
  const { db, database } = app.ctx;

  // The list is read on every page load; it is cached until any company or membership
  // changes (database notifications), and not at all while that feed is down.
  const cache = new CompanyListCache();
  const feed = await openCompanyChangeFeed(
    database,
    () => cache.clear(),
    (live) => cache.setLive(live),
  ).catch((err) => {
    app.log.warn({ err }, "company change notifications unavailable; company lists are not cached");
    return null;
  });
  app.addHook("onClose", async () => feed?.close());

  const companiesOf = async (userId: string): Promise<CompanyEntry[]> => {
    const hit = cache.get(userId);
    if (hit) return hit;
    const token = cache.begin();
    const list = await listCompaniesOf(db, userId);
    cache.set(userId, list, token);
    return list;
  };
  /** After our own writes: forget at once (the notification may arrive a moment later on PostgreSQL). */
  const changed = () => cache.clear();

  await invitationRoutes(app, changed);
  await managedListingRoutes(app, changed);

  app.get(
    "/api/trade/company/get-company-roles",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "My companies with their members; isPrimary marks the active one",
        response: { 200: CompanyList },
      },
    },
    async (request) => companiesOf(currentUser(request).id),
  );

  app.put<{ Params: Static<typeof IdParams> }>(
    "/api/trade/company/set-active/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "Make this company my only active (primary) company",
        description:
          "Answers my updated company list. The access token's roles and companyId are those of the " +
          "company active when it was issued: refresh the token after switching.",
        params: IdParams,
        response: { 200: CompanyList },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await setActiveCompany(db, userId, request.params.id);
      changed();
      return listCompaniesOf(db, userId);
    },
  );

  app.put<{ Params: Static<typeof IdParams>; Body: Static<typeof CompanyPatch> }>(
    "/api/trade/company/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "Change a company's details (company admins of that company only)",
        params: IdParams,
        body: CompanyPatch,
        response: { 200: Company },
      },
    },
    async (request) => {
      const { id } = request.params;
      await assertCompanyAdmin(db, id, currentUser(request).id);
      const b = request.body;
      const companyName = b.companyName?.trim();
      if (companyName === "") throw httpError(400, 'Invalid request body: "companyName" must not be blank');
      const row = await updateCompany(db, id, {
        companyName,
        phone: clean(b.phone),
        email: b.email === undefined ? undefined : (b.email?.trim().toLowerCase() ?? null),
        address: clean(b.address),
        website: clean(b.website),
      });
      changed();
      return {
        id: row.id,
        companyName: row.name,
        phone: row.phone,
        email: row.email,
        address: row.address,
        website: row.website,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    },
  );

  app.put<{ Params: Static<typeof MemberParams>; Body: Static<typeof RolesBody> }>(
    "/api/trade/company/:id/users/:userId/roles",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "Replace a member's company roles (company admins only; one admin must remain)",
        params: MemberParams,
        body: RolesBody,
        response: { 200: CompanyEntrySchema },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const { id, userId } = request.params;
      await setMemberRoles(db, me, id, userId, request.body.roles);
      changed();
      const [entry] = await listCompaniesOf(db, me, id);
      if (!entry) throw httpError(404, COMPANY_NOT_FOUND);
      return entry;
    },
  );

  app.delete<{ Params: Static<typeof MemberParams> }>(
    "/api/trade/company/:id/users/:userId",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "Remove a member from the company (company admins only; not the last admin)",
        params: MemberParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await removeMember(db, currentUser(request).id, id, userId);
      changed();
      return reply.status(204).send();
    },
  );
}
