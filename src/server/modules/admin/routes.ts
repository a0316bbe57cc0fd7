import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { ROLES } from "../../../domain/roles";
import { httpError } from "../../plugins/errors";
import { findUser, listUsers, SORT_FIELDS } from "./users";

const ListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    rowsPerPage: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    sortBy: Type.Union(
      SORT_FIELDS.map((f) => Type.Literal(f)),
      { default: "createdAt" },
    ),
    sortDir: Type.Union([Type.Literal("asc"), Type.Literal("desc")], { default: "desc" }),
    query: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const UserCompany = Type.Object({
  id: Type.String(),
  companyName: Type.String(),
  roles: Type.Array(Type.String()),
  isPrimary: Type.Boolean(),
});

const AdminUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  roles: Type.Array(Type.String()),
  emailConfirmed: Type.Boolean(),
  createdAt: Type.String(),
  companies: Type.Array(UserCompany),
});

const UserPage = Type.Object({
  rows: Type.Array(AdminUser),
  total: Type.Integer(),
  page: Type.Integer(),
  rowsPerPage: Type.Integer(),
});

const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });
const LookupQuery = Type.Object(
  { email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })) },
  { additionalProperties: false },
);

const superAdmin = { auth: [ROLES.SUPER_ADMIN] };

/** The admin area's user directory (super admins only). */
export async function adminRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    "/api/admin/all-user/list",
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "All users, paged (page from 0), sorted and filtered by email or display name",
        querystring: ListQuery,
        response: { 200: UserPage },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof LookupQuery> }>(
    "/api/admin/all-user/:id",
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "One user with their companies; with ?email= the address must match too",
        params: IdParams,
        querystring: LookupQuery,
        response: { 200: AdminUser },
      },
    },
    async (request) => {
      const user = await findUser(db, request.params.id, request.query.email);
      if (!user) throw httpError(404, "User not found");
      return user;
    },
  );
}
