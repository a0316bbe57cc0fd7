import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { COMPANY_ROLES, type CompanyRole } from "../../domain/roles";
import type { Db } from "../db/client";
import { companyMembers, users } from "../db/schema";
import { currentUser } from "./auth";
import { httpError } from "./errors";

/** Who is calling and in which company: the one answer every company-owned query is scoped by. */
export interface CompanyScope {
  userId: string;
  /** The caller's active (primary) company; filter every company-owned row by it. */
  companyId: string;
  /** The caller's roles in that company, read from the database (not from the token). */
  roles: CompanyRole[];
}

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The caller's active company membership, loaded from the database once per request.
     * Throws 401 without a signed-in user and 403 "You are not a member of any company"
     * when the user has no active membership (e.g. they were just removed from it),
     * whatever their access token says.
     */
    companyScope(): Promise<CompanyScope>;
  }
}

const isCompanyRole = (r: string): r is CompanyRole => (COMPANY_ROLES as readonly string[]).includes(r);

/** The active membership of a user (null when they have none or their account is disabled). */
async function loadCompanyScope(db: Db, userId: string): Promise<CompanyScope | null> {
  const [row] = await db
    .select({ companyId: companyMembers.companyId, roles: companyMembers.roles })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(eq(companyMembers.userId, userId), eq(companyMembers.isPrimary, true), isNull(users.disabledAt)),
    )
    .limit(1);
  if (!row) return null;
  return { userId, companyId: row.companyId, roles: row.roles.filter(isCompanyRole) };
}

const memo = new WeakMap<FastifyRequest, Promise<CompanyScope>>();

export const companyScopePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("companyScope", function (this: FastifyRequest) {
      let scope = memo.get(this);
      if (!scope) {
        const userId = currentUser(this).id;
        scope = loadCompanyScope(app.ctx.db, userId).then((found) => {
          if (!found) throw httpError(403, "You are not a member of any company");
          return found;
        });
        memo.set(this, scope);
      }
      return scope;
    });
  },
  { name: "company-scope", dependencies: ["auth"] },
);
