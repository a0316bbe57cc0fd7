/**
 * GET /api/inventory/items/{id}/history: who of the marketplace staff changed an item, for the
 * seller (docs/marketplace.md "Who changed what"). Every staff write in a seller's inventory is
 * one `audit_log` row (company-scope.ts); this reads the rows that name the item — its own
 * route, a write of the write batch, a bulk status change — or, for an import chunk, its batch.
 * The item's own company's members and the staff working for it read it (inventoryMember).
 * Each row lists the fields the write changed, old → new (item-changes.ts), when it recorded them.
 */
import { Type } from "@sinclair/typebox";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { auditLog, inventoryItems, users } from "../../db/schema";
import { type CompanyScope, STAFF_WRITE_ACTION } from "../../plugins/company-scope";
import { httpError } from "../../plugins/errors";
import type { FieldChange } from "./item-changes";

const HISTORY_MAX = 100;
const BULK_ITEMS_URL = "/api/inventory/items/bulk";
const PHOTO_LINK = "/photo-link";

const HistoryRow = Type.Object({
  at: Type.String({ format: "date-time" }),
  by: Type.Object({ id: Type.Union([Type.String(), Type.Null()]), displayName: Type.String() }),
  /** What kind of write: `import` (a file import's chunk), `status` (bulk status), `change`, `delete`. */
  kind: Type.Union([
    Type.Literal("import"),
    Type.Literal("status"),
    Type.Literal("change"),
    Type.Literal("delete"),
  ]),
  /** The item fields this write changed (empty for an import, a delete, or a write recorded before fields were). */
  fields: Type.Array(Type.Object({ field: Type.String(), from: Type.Unknown(), to: Type.Unknown() })),
});
const HistoryAnswer = Type.Object({ rows: Type.Array(HistoryRow) });

interface Detail {
  method?: string;
  url?: string;
  writes?: { method: string; url: string }[];
  changes?: Record<string, FieldChange[]>;
}

function kindOf(detail: Detail, itemId: string): "import" | "status" | "change" | "delete" {
  const url = detail.url ?? "";
  if (url.startsWith(BULK_ITEMS_URL) && !url.startsWith(`${BULK_ITEMS_URL}-`)) return "import";
  if (url.startsWith("/api/inventory/items/bulk-status")) return "status";
  const own = detail.writes?.find((w) => w.url.includes(itemId));
  return (own?.method ?? detail.method) === "DELETE" ? "delete" : "change";
}

export function registerItemHistory(
  app: FastifyInstance,
  member: (request: FastifyRequest) => Promise<CompanyScope>,
) {
  const { db } = app.ctx;
  app.get<{ Params: { id: string } }>(
    "/api/inventory/items/:id/history",
    {
      config: { auth: [] },
      schema: {
        tags: ["inventory"],
        summary: "Who of the marketplace staff changed this item, newest first (up to 100)",
        params: Type.Object({ id: Type.String({ format: "uuid" }) }),
        response: { 200: HistoryAnswer },
      },
    },
    async (request) => {
      const scope = await member(request);
      const { id } = request.params;
      const [item] = await db
        .select({ batchId: inventoryItems.batchId })
        .from(inventoryItems)
        .where(and(eq(inventoryItems.id, id), eq(inventoryItems.companyId, scope.companyId)))
        .limit(1);
      if (!item) throw httpError(404, "Item not found in your company");
      const names = or(
        sql`${auditLog.detail}::text like ${`%${id}%`}`,
        item.batchId
          ? and(
              sql`${auditLog.detail}->>'url' = ${BULK_ITEMS_URL}`,
              sql`${auditLog.detail}->'batchIds' @> ${JSON.stringify([item.batchId])}::jsonb`,
            )
          : undefined,
      );
      const rows = await db
        .select({
          at: auditLog.createdAt,
          userId: auditLog.userId,
          name: users.displayName,
          detail: auditLog.detail,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.userId))
        .where(
          and(
            eq(auditLog.companyId, scope.companyId),
            eq(auditLog.action, STAFF_WRITE_ACTION),
            names,
            // a photo link (the item page makes one for its QR code when it opens) changes nothing
            // on the item: it stays in the audit log, not in the item's history
            sql`coalesce(${auditLog.detail}->>'url', '') not like ${`%${PHOTO_LINK}%`}`,
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(HISTORY_MAX);
      return {
        rows: rows.map((r) => {
          const detail = (r.detail ?? {}) as Detail;
          return {
            at: new Date(r.at).toISOString(),
            by: { id: r.userId, displayName: r.name ?? "A former staff member" },
            kind: kindOf(detail, id),
            fields: detail.changes?.[id] ?? [],
          };
        }),
      };
    },
  );
}
