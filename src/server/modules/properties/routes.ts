import type { Static } from "@sinclair/typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { formatBblDashed } from "../../../domain/properties/bbl";
import { effectiveRoles, hasAnyRole, ROLES } from "../../../domain/roles";
import { createNycOpenDataClient, OpenDataUnavailableError } from "../../integrations/nyc-open-data";
import type { CompanyScope } from "../../plugins/company-scope";
import { ErrorBody, errorBody, httpError } from "../../plugins/errors";
import { hasFilingInProgress } from "./filing-guard";
import {
  bblOrThrow,
  cleanFields,
  companyProperties,
  createProperty,
  filesOf,
  findProperty,
  listProperties,
  PROPERTY_NOT_FOUND,
  softDeleteProperty,
  toApi,
  updateProperty,
} from "./properties";
import {
  CreateBody,
  IdParams,
  ListQuery,
  LookupParams,
  LookupResponse,
  PatchBody,
  PropertyPage,
  PropertySchema,
  PropertyWithFiles,
} from "./schemas";

const isSuperAdmin = (request: FastifyRequest) =>
  !!request.user && hasAnyRole(request.user, [ROLES.SUPER_ADMIN]);

/** Company roles come from the membership row (not the token); super admins may act anywhere they belong. */
function requireCompanyRole(request: FastifyRequest, scope: CompanyScope, role: "employee" | "admin") {
  if (isSuperAdmin(request)) return;
  const roles = effectiveRoles(scope.roles);
  const needed = role === "admin" ? ROLES.COMPANY_ADMIN : ROLES.COMPANY_EMPLOYEE;
  if (!roles.has(needed)) {
    throw httpError(
      403,
      role === "admin"
        ? "Only a company admin can delete properties"
        : "Only company employees and admins can add or change properties",
    );
  }
}

const UNREACHABLE = "NYC Open Data is unreachable — enter the details by hand.";

/**
 * Properties (BBLs) of the caller's active company, each with its RPIE obligation for the
 * current filing year; PLUTO lookup by BBL. Company scoping is request.companyScope().
 */
export async function bblRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const openData = createNycOpenDataClient(config.nycOpenDataUrl);

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    "/api/bbl",
    {
      config: { auth: [] },
      schema: {
        tags: ["bbl"],
        summary: "Properties, paged (page from 0); super admins see every company's",
        querystring: ListQuery,
        response: { 200: PropertyPage },
      },
    },
    async (request) => {
      const companyId = isSuperAdmin(request) ? undefined : (await request.companyScope()).companyId;
      return listProperties(db, companyId, request.query);
    },
  );

  app.get(
    "/api/bbl/company",
    {
      config: { auth: [] },
      schema: {
        tags: ["bbl"],
        summary: "Every property of my active company, by BBL",
        response: { 200: Type.Array(PropertySchema) },
      },
    },
    async (request) => companyProperties(db, (await request.companyScope()).companyId),
  );

  app.get<{ Params: Static<typeof LookupParams> }>(
    "/api/bbl/lookup/:bbl",
    {
      config: { auth: [] },
      schema: {
        tags: ["bbl"],
        summary: "A lot's facts from NYC Open Data (PLUTO, dataset 64uk-42ks) to prefill the property form",
        description:
          "404 when PLUTO has no such lot; 503 when NYC Open Data does not answer within 3 seconds.",
        params: LookupParams,
        response: { 200: LookupResponse, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { bbl, borough, block, lot } = bblOrThrow(request.params.bbl);
      try {
        const found = await openData.lookupPluto(bbl);
        if (!found) {
          throw httpError(
            404,
            `No lot ${formatBblDashed({ borough, block, lot })} in NYC Open Data (PLUTO) — check the BBL or enter the details by hand.`,
          );
        }
        return { ...found, bbl, bblFormatted: formatBblDashed({ borough, block, lot }) };
      } catch (err) {
        if (err instanceof OpenDataUnavailableError) {
          request.log.warn({ err: err.cause }, "PLUTO lookup failed");
          // Sent directly: the error handler hides the message of every 5xx, but this one tells the user what to do.
          return reply.status(503).send(errorBody(503, UNREACHABLE));
        }
        throw err;
      }
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    "/api/bbl/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["bbl"],
        summary: "One property with its statement files",
        params: IdParams,
        response: { 200: PropertyWithFiles },
      },
    },
    async (request) => {
      const companyId = isSuperAdmin(request) ? undefined : (await request.companyScope()).companyId;
      const found = await findProperty(db, request.params.id, companyId);
      if (!found) throw httpError(404, PROPERTY_NOT_FOUND);
      return { ...toApi(found.row, found.companyName), files: await filesOf(db, found.row.id) };
    },
  );

  app.post<{ Body: Static<typeof CreateBody> }>(
    "/api/bbl",
    {
      config: { auth: [] },
      schema: {
        tags: ["bbl"],
        summary: "Add a property to my active company (company employees and admins)",
        description:
          'A BBL is unique per company: a second one answers 409 "This property is already in your company".',
        body: CreateBody,
        response: { 201: PropertySchema },
      },
    },
    async (request, reply) => {
      const scope = await request.companyScope();
      requireCompanyRole(request, scope, "employee");
      const fields = cleanFields(request.body);
      const row = await createProperty(db, scope.companyId, request.body.bbl, fields);
      const found = await findProperty(db, row.id, scope.companyId);
      if (!found) throw httpError(404, PROPERTY_NOT_FOUND);
      return reply.status(201).send(toApi(found.row, found.companyName));
    },
  );

  app.patch<{ Params: Static<typeof IdParams>; Body: Static<typeof PatchBody> }>(
    "/api/bbl/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["bbl"],
        summary: "Change a property (company employees and admins); send the version you read",
        description: "A stale version answers 409 with the current property under `current`.",
        params: IdParams,
        body: PatchBody,
        response: { 200: PropertySchema },
      },
    },
    async (request) => {
      const scope = await request.companyScope();
      requireCompanyRole(request, scope, "employee");
      const fields = cleanFields(request.body);
      const row = await updateProperty(
        db,
        request.params.id,
        scope.companyId,
        request.body.version,
        request.body.bbl,
        fields,
      );
      const found = await findProperty(db, row.id, scope.companyId);
      if (!found) throw httpError(404, PROPERTY_NOT_FOUND);
      return toApi(found.row, found.companyName);
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    "/api/bbl/:id",
    {
      config: { auth: [] },
      schema: {
        tags: ["bbl"],
        summary: "Remove a property (company admins); refused while a filing is in progress",
        description: "The property's statement files stay downloadable by staff for 7 years.",
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const scope = await request.companyScope();
      const found = await findProperty(db, request.params.id, scope.companyId);
      if (!found) throw httpError(404, PROPERTY_NOT_FOUND);
      requireCompanyRole(request, scope, "admin");
      if (await hasFilingInProgress(db, found.row.id)) {
        throw httpError(
          409,
          "This property has a filing in progress; it can be removed once the filing is done",
        );
      }
      await softDeleteProperty(db, found.row.id, scope.companyId);
      return reply.status(204).send();
    },
  );
}
