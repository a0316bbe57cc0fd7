import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { COMPANY_ROLES } from "../../../domain/roles";
import { currentUser } from "../../plugins/auth";
import {
  acceptInvitation,
  createInvitation,
  describeInvitation,
  listPendingInvitations,
  revokeInvitation,
} from "./invitations";
import { listMembers } from "./queries";
import { assertCompanyAdmin, assertCompanyMember } from "./service";

const Uuid = Type.String({ format: "uuid" });
const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
const InvitationParams = Type.Object({ id: Uuid, invitationId: Uuid }, { additionalProperties: false });
/** Link tokens are 43 base64url characters; anything else is simply not a valid invitation. */
const HashParams = Type.Object(
  { hash: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

const CompanyRoleSchema = Type.Union(COMPANY_ROLES.map((r) => Type.Literal(r)));
const InviteBody = Type.Object(
  {
    email: Type.String({ format: "email", minLength: 3, maxLength: 254 }),
    role: CompanyRoleSchema,
  },
  { additionalProperties: false },
);

const PendingInvitation = Type.Object({
  id: Type.String(),
  email: Type.String(),
  roles: Type.Array(Type.String()),
  invitedBy: Type.Union([Type.Object({ id: Type.String(), displayName: Type.String() }), Type.Null()]),
  createdAt: Type.String(),
  expiresAt: Type.String(),
});

const MemberDetail = Type.Object({
  id: Type.String(),
  displayName: Type.String(),
  email: Type.String(),
  roles: Type.Array(Type.String()),
  superAdmin: Type.Boolean(),
  joinedAt: Type.String(),
});

const InvitationView = Type.Object({
  email: Type.String(),
  companyName: Type.String(),
  invitationId: Type.String(),
  roles: Type.Array(Type.String()),
  expiresAt: Type.String(),
});

const Accepted = Type.Object({
  companyId: Type.String(),
  companyName: Type.String(),
  roles: Type.Array(Type.String()),
});

/**
 * Company members with names, invitations (company admins and super admins), and the
 * invitation link itself (public to read, signed-in to accept). `changed` drops the
 * company-list cache after a membership changes.
 */
export async function invitationRoutes(app: FastifyInstance, changed: () => void) {
  const { db } = app.ctx;

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/trade/company/:id/users",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "The company's members with name, email and roles (members of that company)",
        params: IdParams,
        response: { 200: Type.Array(MemberDetail) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await assertCompanyMember(db, id, currentUser(request).id);
      return listMembers(db, id);
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof InviteBody> }>(
    "/api/trade/company/:id/invitations",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "Invite an email address to the company with a role (company admins only)",
        description:
          "Mails a /invitation/{hash} link valid 7 days. 409 when the address is already a member; " +
          "a pending invitation for the same address is replaced. 429 past 30 invitations per company per hour.",
        params: IdParams,
        body: InviteBody,
        response: { 201: PendingInvitation },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const me = currentUser(request).id;
      await assertCompanyAdmin(db, id, me);
      const { invitation } = await createInvitation(app.ctx, {
        companyId: id,
        email: request.body.email,
        role: request.body.role,
        invitedBy: me,
      });
      return reply.status(201).send(invitation);
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/trade/company/:id/invitations",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "The company's pending invitations (company admins only)",
        params: IdParams,
        response: { 200: Type.Array(PendingInvitation) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await assertCompanyAdmin(db, id, currentUser(request).id);
      return listPendingInvitations(db, id);
    },
  );

  app.delete<{ Params: Static<typeof InvitationParams> }>(
    "/api/trade/company/:id/invitations/:invitationId",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "Withdraw a pending invitation; its link stops working (company admins only)",
        params: InvitationParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { id, invitationId } = request.params;
      const me = currentUser(request).id;
      await assertCompanyAdmin(db, id, me);
      await revokeInvitation(db, me, id, invitationId);
      return reply.status(204).send();
    },
  );

  app.get<{ Params: Static<typeof HashParams> }>(
    "/api/invitation/:hash",
    {
      config: { auth: "public" },
      schema: {
        tags: ["company"],
        summary: "What an invitation link is for (409 when expired, used, withdrawn or not valid)",
        params: HashParams,
        response: { 200: InvitationView },
      },
    },
    async (request) => describeInvitation(db, request.params.hash),
  );

  app.post<{ Params: Static<typeof HashParams> }>(
    "/api/invitation/:hash/accept",
    {
      config: { auth: [] },
      schema: {
        tags: ["company"],
        summary: "Accept an invitation: join the company, which becomes my active company",
        description:
          "The signed-in account's email must be the invited one (403 otherwise). Refresh the access " +
          "token afterwards: its roles and companyId are those of the new active company.",
        params: HashParams,
        response: { 200: Accepted },
      },
    },
    async (request) => {
      const result = await acceptInvitation(db, request.params.hash, currentUser(request).id);
      changed();
      return result;
    },
  );
}
