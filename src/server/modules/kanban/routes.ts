/**
 * Kanban on the server (docs/kanban.md): boards, columns, tasks and comments, whose REST routes,
 * write batch, feed and live notices all come from the sync module's route factory.
 */
import { type TObject, type TProperties, Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { KANBAN_LIMITS as L } from "../../../domain/kanban/board";
import { type CompanyScope, companyMember } from "../../plugins/company-scope";
import type { AnyKind } from "../sync/store";
import type { ServerSyncedType } from "../sync/types";
import { ATTACHMENT } from "./attachment-store";
import { BOARD, COLUMN, COMMENT, listKind, TASK } from "./store";

/** Members of the company (employees and admins; staff within a company they belong to). */
export const member = (request: FastifyRequest): Promise<CompanyScope> =>
  companyMember(request, "Only members of the company can see or change its boards");

const Uuid = Type.String({ format: "uuid" });
const Position = Type.String({ minLength: 1, maxLength: 200, pattern: "^[0-9A-Za-z]+$" });
const Name = Type.String({ maxLength: L.nameMax });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const CheckItem = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    text: Type.String({ maxLength: L.checkTextMax }),
    done: Type.Boolean(),
  },
  { additionalProperties: false },
);
const Checklist = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    title: Type.String({ maxLength: L.nameMax }),
    items: Type.Array(CheckItem, { maxItems: L.checkItemsMax }),
  },
  { additionalProperties: false },
);
const Stamps = {
  id: Uuid,
  companyId: Uuid,
  version: Type.Integer(),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
};

/** The request and row schemas of a type from its field schemas (`required`: the fields a create needs). */
function schemasOf(fields: TProperties, required: readonly string[], extraRow: TProperties = {}) {
  const opt = (keys: readonly string[]) =>
    Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, keys.includes(k) ? v : Type.Optional(v)]),
    ) as TProperties;
  const row: TObject = Type.Object({ ...Stamps, ...fields, ...extraRow });
  return {
    row,
    put: Type.Object(
      { ...opt(required), version: Type.Optional(Type.Integer({ minimum: 1 })) },
      { additionalProperties: false },
    ),
    post: Type.Object({ ...opt(required), id: Type.Optional(Uuid) }, { additionalProperties: false }),
    patch: Type.Object(
      { ...opt([]), version: Type.Integer({ minimum: 1 }) },
      { additionalProperties: false },
    ),
    listQuery: Type.Object({}),
    page: Type.Object({ rows: Type.Array(row) }),
  };
}

function synced(
  kind: AnyKind,
  schemas: ServerSyncedType["schemas"],
  what: string,
  onCreate?: ServerSyncedType["onCreate"],
): ServerSyncedType {
  return {
    kind,
    tag: "kanban",
    schemas,
    access: member,
    onCreate,
    list: async (db, scope) => ({
      rows: (await listKind(db, kind, scope.companyId)).map((r) => kind.toApi(r as never)),
    }),
    listSummary: `My company's ${what}, oldest first (the app keeps them in sync through the change feed)`,
  };
}

/** Kanban's synced types: the sync module's route factory gives them their routes. */
export const KANBAN_SYNCED: readonly ServerSyncedType[] = [
  synced(BOARD, schemasOf({ name: Name }, ["name"]), "boards"),
  synced(
    COLUMN,
    schemasOf({ boardId: Uuid, name: Name, position: Position }, ["boardId", "name", "position"]),
    "columns",
  ),
  synced(
    TASK,
    schemasOf(
      {
        boardId: Uuid,
        columnId: Uuid,
        title: Type.String({ maxLength: L.titleMax }),
        description: Type.String({ maxLength: L.descriptionMax }),
        position: Position,
        dueDate: Nullable(Type.String({ maxLength: 10 })),
        labels: Type.Array(Type.String({ maxLength: L.labelMax }), { maxItems: L.labelsMax }),
        assignees: Type.Array(Uuid, { maxItems: L.assigneesMax }),
        checklists: Type.Array(Checklist, { maxItems: L.checklistsMax }),
      },
      ["boardId", "columnId", "title", "position"],
    ),
    "tasks",
  ),
  synced(
    COMMENT,
    schemasOf({ taskId: Uuid, body: Type.String({ maxLength: L.commentMax }) }, ["taskId", "body"], {
      authorId: Nullable(Uuid),
    }),
    "comments",
    (scope) => ({ authorId: scope.userId }),
  ),
  attachmentsInFeed(),
];

/**
 * Files attached to tasks, read-only in the sync module (SyncedTypeDecl.readOnly): the feed carries
 * them to the board's members; attachment-routes.ts attaches, lists, downloads and removes them.
 */
function attachmentsInFeed(): ServerSyncedType {
  const row = Type.Object({
    ...Stamps,
    taskId: Uuid,
    fileName: Type.String(),
    contentType: Type.String(),
    kind: Type.String(),
    size: Type.Integer(),
    uploadedBy: Nullable(Uuid),
  });
  const none = Type.Object({}, { additionalProperties: false });
  const page = Type.Object({ rows: Type.Array(row) });
  return synced(
    ATTACHMENT,
    { row, put: none, post: none, patch: none, listQuery: none, page },
    "task attachments",
  );
}
