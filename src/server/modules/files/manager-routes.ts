/** The file manager's one request (docs/files.md "File manager"). */
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  FILE_MANAGER_MAX_ROWS,
  FILE_MANAGER_PATH,
  FILE_SOURCES,
  type FileManagerPage,
} from "../../../domain/files/file-manager";
import { companyMember } from "../../plugins/company-scope";
import { ErrorBody } from "../../plugins/errors";
import { fileManagerPage } from "./manager-store";

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Source = Type.Union(FILE_SOURCES.map((s) => Type.Literal(s)));

const Query = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    source: Type.Optional(Source),
    propertyId: Type.Optional(
      Type.Union([Type.String({ format: "uuid" }), Type.Literal("none")], {
        description: 'A property id, or "none" for files of no property (item photos)',
      }),
    ),
    year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100 })),
    page: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
    rowsPerPage: Type.Integer({ minimum: 1, maximum: FILE_MANAGER_MAX_ROWS, default: 25 }),
  },
  { additionalProperties: false },
);

const PageBody = Type.Object({
  items: Type.Array(
    Type.Object({
      source: Source,
      id: Type.String(),
      name: Type.String(),
      propertyId: Nullable(Type.String()),
      bbl: Nullable(Type.String()),
      address: Nullable(Type.String()),
      year: Type.Integer(),
      size: Type.Integer(),
      contentType: Type.String(),
      createdAt: Type.String(),
      filingId: Nullable(Type.String()),
    }),
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  rowsPerPage: Type.Integer(),
  folders: Type.Array(
    Type.Object({
      propertyId: Nullable(Type.String()),
      bbl: Nullable(Type.String()),
      address: Nullable(Type.String()),
      year: Type.Integer(),
      count: Type.Integer(),
      bytes: Type.Integer(),
    }),
  ),
  storage: Type.Object({ files: Type.Integer(), bytes: Type.Integer() }),
});

export async function fileManagerRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.get<{ Querystring: Static<typeof Query> }>(
    FILE_MANAGER_PATH,
    {
      config: { auth: [] },
      schema: {
        tags: ["files"],
        summary: "My company's files (statements, filing outputs, item photos), paged and searched",
        description:
          "Newest first. `q` searches the name, BBL and address; `source`, `propertyId` (or `none`) and `year` narrow the list. `folders` (by property and year) and `storage` cover all of the company's files, whatever the filters. Only the caller's active company.",
        querystring: Query,
        response: { 200: PageBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request): Promise<FileManagerPage> => {
      const scope = await companyMember(request, "Only the company's members see its files");
      const { q, ...rest } = request.query;
      return fileManagerPage(db, scope.companyId, { ...rest, q: q?.trim() || undefined });
    },
  );
}
