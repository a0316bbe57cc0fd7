import { type Static, type TSchema, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  ALL_USER_SORTS,
  CLARITY_SORTS,
  CONFIRMED_SORTS,
  INBOX_SORTS,
  INBOX_STATES,
  type InboxState,
  SELLER_SORTS,
  UNREGISTERED_SORTS,
} from "../../../domain/admin/list-sorts";
import { ROLE_LEVELS } from "../../../domain/admin/user-roles";
import { ROLES } from "../../../domain/roles";
import { ErrorBody, httpError } from "../../plugins/errors";
import { type Keyset, type ListParams, listQuerySchema, pageSchema, sendCsv } from "../../plugins/paged-list";
import { revokeFamily } from "../auth/refresh-tokens";
import { type InboxKind, inboxExport, listInbox, updateInboxRow } from "./inbox";
import {
  clarityExport,
  confirmedExport,
  listClarity,
  listConfirmedUsers,
  listSellers,
  listUnregistered,
  type SellerScope,
  sellerExport,
  unregisteredExport,
} from "./lists";
import { deleteUnregistered, resendUnregistered } from "./unregistered";
import { changeUserRoles } from "./user-roles";
import { userBatches, userView } from "./user-view";
import { findUser, listUsers, USER_CSV_HEADER, userCsvFields, userDetail, userExportBatch } from "./users";

const UserCompany = Type.Object({
  id: Type.String(),
  companyName: Type.String(),
  roles: Type.Array(Type.String()),
  isPrimary: Type.Boolean(),
});

const adminUserFields = {
  id: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  roles: Type.Array(Type.String()),
  emailConfirmed: Type.Boolean(),
  createdAt: Type.String(),
  companies: Type.Array(UserCompany),
};
const AdminUser = Type.Object(adminUserFields);

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const RoleSetting = Type.Object({
  role: Type.Unsafe<(typeof ROLE_LEVELS)[number]>({ type: "string", enum: [...ROLE_LEVELS] }),
  marketplace: Type.Boolean(),
});
const UserDetail = Type.Object({
  ...adminUserFields,
  phoneNumber: Nullable(Type.String()),
  emailConfirmedAt: Nullable(Type.String()),
  disabled: Type.Boolean(),
  google: Type.Boolean(),
  companies: Type.Array(
    Type.Object({
      id: Type.String(),
      companyName: Type.String(),
      roles: Type.Array(Type.String()),
      isPrimary: Type.Boolean(),
      properties: Type.Integer(),
      filings: Type.Integer(),
      inventoryItems: Type.Integer(),
      ebay: Nullable(Type.Object({ state: Type.String(), username: Nullable(Type.String()) })),
    }),
  ),
  sessions: Type.Array(
    Type.Object({
      familyId: Type.String(),
      startedAt: Type.String(),
      lastUsedAt: Type.String(),
      expiresAt: Type.String(),
    }),
  ),
  signIns: Type.Array(
    Type.Object({
      at: Type.String(),
      ok: Type.Boolean(),
      method: Nullable(Type.String()),
      ip: Nullable(Type.String()),
    }),
  ),
  roleChanges: Type.Array(
    Type.Object({
      id: Type.String(),
      at: Type.String(),
      byId: Nullable(Type.String()),
      byEmail: Nullable(Type.String()),
      before: Nullable(RoleSetting),
      after: Nullable(RoleSetting),
    }),
  ),
  clarityIds: Type.Array(Type.Object({ clarityId: Type.String(), createdAt: Type.String() })),
});

const ViewedUser = Type.Object({ id: Type.String(), email: Type.String(), displayName: Type.String() });
const viewCompany = {
  id: Type.String(),
  companyName: Type.String(),
  isPrimary: Type.Boolean(),
  truncated: Type.Boolean(),
};
const UserView = Type.Object({
  user: ViewedUser,
  companies: Type.Array(
    Type.Object({
      ...viewCompany,
      properties: Type.Array(
        Type.Object({
          id: Type.String(),
          bbl: Type.String(),
          address: Nullable(Type.String()),
          files: Type.Integer(),
        }),
      ),
      files: Type.Array(
        Type.Object({
          id: Type.String(),
          fileName: Type.String(),
          documentType: Type.String(),
          statementYear: Nullable(Type.Integer()),
          status: Type.String(),
          createdAt: Type.String(),
          bbl: Nullable(Type.String()),
        }),
      ),
      filings: Type.Array(
        Type.Object({
          id: Type.String(),
          bbl: Type.String(),
          year: Type.Integer(),
          kind: Type.String(),
          state: Type.String(),
          stateChangedAt: Type.String(),
        }),
      ),
      inventory: Type.Object({
        batches: Type.Integer(),
        byStatus: Type.Record(Type.String(), Type.Integer()),
      }),
    }),
  ),
});
const UserBatches = Type.Object({
  user: ViewedUser,
  companies: Type.Array(
    Type.Object({
      ...viewCompany,
      batches: Type.Array(
        Type.Object({
          id: Type.String(),
          name: Type.String(),
          sourceFileName: Nullable(Type.String()),
          createdAt: Type.String(),
          items: Type.Array(
            Type.Object({
              id: Type.String(),
              sku: Type.String(),
              title: Type.String(),
              status: Type.String(),
              quantity: Type.Integer(),
              photos: Type.Integer(),
            }),
          ),
        }),
      ),
    }),
  ),
});

const IdParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });
const SessionParams = Type.Object(
  { id: Type.String({ format: "uuid" }), familyId: Type.String({ format: "uuid" }) },
  { additionalProperties: false },
);
const KindParams = Type.Object(
  {
    kind: Type.Union([Type.Literal("account"), Type.Literal("invitation")]),
    id: Type.String({ format: "uuid" }),
  },
  { additionalProperties: false },
);
const LookupQuery = Type.Object(
  { email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })) },
  { additionalProperties: false },
);
const Message = Type.Object({ message: Type.String() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

type Keyed = { sortKey: string | null; id: string };
const superAdmin = { auth: [ROLES.SUPER_ADMIN] };
const nullable = Type.Union([Type.String(), Type.Null()]);

/** The admin area's user directory and lists (super admins only). */
export async function adminRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  /**
   * A list route and its CSV export (`<path>/export.csv`, same filter and order, every row):
   * one declaration per list, so every list pages, sorts, validates and exports alike.
   */
  function list<S extends string, R, Q extends ListParams<S> = ListParams<S>>(opts: {
    path: string;
    /** Filters beyond the shared ones, in the query string schema. */
    extra?: Record<string, TSchema>;
    summary: string;
    sorts: readonly S[];
    defaultSort: S;
    defaultDir?: "asc" | "desc";
    row: Record<string, TSchema>;
    page(p: Q): Promise<{ rows: R[]; total: number; page: number; rowsPerPage: number }>;
    exporter(p: Omit<Q, "page" | "rowsPerPage">): {
      header: readonly string[];
      batch(after: Keyset | null, limit: number): Promise<Keyed[]>;
      /** Takes a row of `batch` (typed by each list). */
      fields(r: never): readonly unknown[];
    };
    filename: string;
  }) {
    const querystring = listQuerySchema(
      opts.sorts,
      { sortBy: opts.defaultSort, sortDir: opts.defaultDir },
      opts.extra,
    );
    app.get<{ Querystring: Q }>(
      opts.path,
      {
        config: superAdmin,
        schema: {
          tags: ["admin"],
          summary: opts.summary,
          querystring,
          response: { 200: pageSchema(opts.row), ...errors },
        },
      },
      async (request) => opts.page(request.query as Q),
    );
    app.get<{ Querystring: Q }>(
      `${opts.path}/export.csv`,
      {
        config: superAdmin,
        schema: { tags: ["admin"], summary: `${opts.summary} (CSV of every matching row)`, querystring },
      },
      async (request, reply) => {
        const e = opts.exporter(request.query as Q);
        return sendCsv(reply, opts.filename, e.header, e.batch, e.fields as (r: Keyed) => readonly unknown[]);
      },
    );
  }

  list({
    path: "/api/admin/all-user/list",
    summary: "All users, paged (page from 0), sorted and filtered by email or display name",
    sorts: ALL_USER_SORTS,
    defaultSort: "createdAt",
    row: adminUserFields,
    page: (p) => listUsers(db, p),
    exporter: (p) => ({
      header: USER_CSV_HEADER,
      batch: (after, limit) => userExportBatch(db, p, after, limit),
      fields: userCsvFields,
    }),
    filename: "users.csv",
  });

  list({
    path: "/api/admin/user/list",
    summary: "Confirmed users with their primary company",
    sorts: CONFIRMED_SORTS,
    defaultSort: "confirmedAt",
    row: {
      id: Type.String(),
      email: Type.String(),
      displayName: Type.String(),
      roles: Type.Array(Type.String()),
      confirmedAt: Type.String(),
      companyId: nullable,
      companyName: nullable,
    },
    page: (p) => listConfirmedUsers(db, p),
    exporter: (p) => confirmedExport(db, p),
    filename: "confirmed-users.csv",
  });

  list({
    path: "/api/admin/unregistered-user/list",
    summary: "Accounts never confirmed and invitations never accepted",
    sorts: UNREGISTERED_SORTS,
    defaultSort: "createdAt",
    row: {
      id: Type.String(),
      kind: Type.String(),
      email: Type.String(),
      name: nullable,
      companyName: nullable,
      createdAt: Type.String(),
      expiresAt: nullable,
    },
    page: (p) => listUnregistered(db, p),
    exporter: (p) => unregisteredExport(db, p),
    filename: "unregistered.csv",
  });

  list({
    path: "/api/admin/seller/list",
    summary:
      "Companies with inventory: items by status, eBay listings, sales, last activity (companies=all: every company, items or not)",
    sorts: SELLER_SORTS,
    defaultSort: "lastActivity",
    extra: {
      companies: Type.Optional(
        Type.Unsafe<"withInventory" | "all">({ type: "string", enum: ["withInventory", "all"] }),
      ),
    },
    row: {
      id: Type.String(),
      companyName: Type.String(),
      ownerId: nullable,
      ownerEmail: nullable,
      items: Type.Integer(),
      byStatus: Type.Record(Type.String(), Type.Integer()),
      listings: Type.Integer(),
      sales: Type.Integer(),
      lastActivity: nullable,
    },
    page: (p: ListParams<(typeof SELLER_SORTS)[number]> & SellerScope) => listSellers(db, p),
    exporter: (p) => sellerExport(db, p),
    filename: "sellers.csv",
  });

  list({
    path: "/api/admin/clarity/list",
    summary: "Stored clarity ids with their users, newest first",
    sorts: CLARITY_SORTS,
    defaultSort: "createdAt",
    row: {
      id: Type.String(),
      clarityId: Type.String(),
      createdAt: Type.String(),
      userId: Type.String(),
      email: Type.String(),
      displayName: Type.String(),
    },
    page: (p) => listClarity(db, p),
    exporter: (p) => clarityExport(db, p),
    filename: "clarity-ids.csv",
  });

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof LookupQuery> }>(
    "/api/admin/all-user/:id",
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "One user with their companies; with ?email= the address must match too",
        params: IdParams,
        querystring: LookupQuery,
        response: { 200: AdminUser, ...errors },
      },
    },
    async (request) => {
      const user = await findUser(db, request.params.id, request.query.email);
      if (!user) throw httpError(404, "User not found");
      return user;
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/admin/all-user/:id/detail",
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "The user detail page: profile, companies with their counts and eBay connection, sessions, sign-ins, role changes, clarity ids",
        params: IdParams,
        response: { 200: UserDetail, ...errors },
      },
    },
    async (request) => {
      const detail = await userDetail(db, request.params.id);
      if (!detail) throw httpError(404, "User not found");
      return detail;
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/admin/view/:id",
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "What the user sees, read-only: the properties, files, filings and inventory of their companies (each read audited)",
        params: IdParams,
        response: { 200: UserView, ...errors },
      },
    },
    async (request) => {
      const view = await userView(db, request.user as { id: string; email: string }, request.params.id);
      if (!view) throw httpError(404, "User not found");
      return view;
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/admin/batch-item/list/:id",
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "The import batches of the user's companies with their items, newest first (each read audited)",
        params: IdParams,
        response: { 200: UserBatches, ...errors },
      },
    },
    async (request) => {
      const view = await userBatches(db, request.user as { id: string; email: string }, request.params.id);
      if (!view) throw httpError(404, "User not found");
      return view;
    },
  );

  app.put<{ Params: Static<typeof IdParams>; Body: Static<typeof RoleSetting> }>(
    "/api/admin/all-user/:id/roles",
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "Set the user's role (Employee or Company Admin in their primary company, or Admin = super admin) and the marketplace role; audited. 409 for the last super admin.",
        params: IdParams,
        body: Type.Object(RoleSetting.properties, { additionalProperties: false }),
        response: { 200: RoleSetting, ...errors },
      },
    },
    async (request) => {
      const actor = request.user as { id: string; email: string };
      return changeUserRoles(db, actor, request.params.id, request.body);
    },
  );

  app.delete<{ Params: Static<typeof SessionParams> }>(
    "/api/admin/all-user/:id/sessions/:familyId",
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "Sign the user out of one session (revokes its refresh tokens)",
        params: SessionParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const revoked = await revokeFamily(db, request.params.familyId, request.params.id);
      if (!revoked) throw httpError(404, "No open session with this id");
      return reply.status(204).send();
    },
  );

  app.post<{ Params: Static<typeof KindParams> }>(
    "/api/admin/unregistered-user/:kind/:id/resend",
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "Mail the confirmation link (account) or the invitation (invitation) again",
        params: KindParams,
        response: { 200: Message, ...errors },
      },
    },
    async (request) =>
      resendUnregistered(ctx, (request.user as { id: string }).id, request.params.kind, request.params.id),
  );

  app.delete<{ Params: Static<typeof KindParams> }>(
    "/api/admin/unregistered-user/:kind/:id",
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "Delete an unconfirmed account (with companies only it belongs to) or withdraw an open invitation",
        params: KindParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteUnregistered(ctx, request.params.kind, request.params.id);
      return reply.status(204).send();
    },
  );

  // ---- The staff inbox: demo requests (form, e-mail only) and contact messages ----

  const StateSchema = Type.Unsafe<InboxState>({ type: "string", enum: [...INBOX_STATES] });
  const inboxRow = {
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    company: nullable,
    phone: nullable,
    message: nullable,
    interest: nullable,
    state: StateSchema,
    notes: Type.String(),
    stateChangedAt: nullable,
    stateChangedBy: nullable,
    notesChangedAt: nullable,
    notesChangedBy: nullable,
    createdAt: Type.String(),
  };
  const InboxChange = Type.Object(
    { state: Type.Optional(StateSchema), notes: Type.Optional(Type.String({ maxLength: 5000 })) },
    { additionalProperties: false, minProperties: 1 },
  );
  const inboxes: { kind: InboxKind; path: string; summary: string; filename: string }[] = [
    {
      kind: "demo-form",
      path: "/api/admin/demo-requests",
      summary: "Demo requests sent through the /request-demo form",
      filename: "demo-requests.csv",
    },
    {
      kind: "demo-email",
      path: "/api/admin/email-demo-requests",
      summary: "Demo requests that gave an e-mail address only",
      filename: "email-demo-requests.csv",
    },
    {
      kind: "contact",
      path: "/api/admin/contact-messages",
      summary: "Messages sent through the /contact form",
      filename: "contact-messages.csv",
    },
  ];
  for (const inbox of inboxes) {
    list({
      path: inbox.path,
      summary: `${inbox.summary}, paged, sorted and searched (name, e-mail, company, message, notes)`,
      sorts: INBOX_SORTS,
      defaultSort: "createdAt",
      extra: { state: Type.Optional(StateSchema) },
      row: inboxRow,
      page: (p: ListParams<(typeof INBOX_SORTS)[number]> & { state?: InboxState }) =>
        listInbox(db, inbox.kind, p),
      exporter: (p) => inboxExport(db, inbox.kind, p),
      filename: inbox.filename,
    });
    app.patch<{ Params: { id: string }; Body: { state?: InboxState; notes?: string } }>(
      `${inbox.path}/:id`,
      {
        config: superAdmin,
        schema: {
          tags: ["admin"],
          summary: `Change the state or notes of one of: ${inbox.summary.toLowerCase()} (records who and when)`,
          params: IdParams,
          body: InboxChange,
          response: { 200: Type.Object(inboxRow), ...errors },
        },
      },
      async (request) => {
        const by = (request.user as { id: string }).id;
        const row = await updateInboxRow(db, inbox.kind, request.params.id, by, request.body);
        if (!row) throw httpError(404, "No such entry in this list.");
        return row;
      },
    );
  }
}
