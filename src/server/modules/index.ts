import type { FastifyInstance } from "fastify";
import { companyScopePlugin } from "../plugins/company-scope";
import { idempotencyPlugin } from "../plugins/idempotency";
import { academyRoutes } from "./academy/routes";
import { accountRoutes } from "./account/routes";
import { adminRoutes } from "./admin/routes";
import { analyticsRoutes } from "./analytics/routes";
import { articleImageRoutes } from "./articles/image-routes";
import { articleRoutes } from "./articles/routes";
import { authRoutes } from "./auth/routes";
import { CALENDAR_SYNCED, calendarRoutes } from "./calendar/routes";
import { chatAttachmentRoutes } from "./chat/attachment-routes";
import { messageBatchRoute } from "./chat/message-batch";
import { chatRoutes } from "./chat/routes";
import { clientConfigRoutes } from "./client-config/routes";
import { commerceRoutes } from "./commerce/routes";
import { companyRoutes } from "./company/routes";
import { dashboardRoutes } from "./dashboard/routes";
import { demoRoutes } from "./demo/routes";
import { ebayAdminRoutes } from "./ebay/admin-routes";
import { ebayDeletionRoutes } from "./ebay/deletion-routes";
import { ebayRoutes } from "./ebay/routes";
import { fileManagerRoutes } from "./files/manager-routes";
import { fileRoutes } from "./files/routes";
import { filingRoutes } from "./filing/routes";
import { healthRoutes } from "./health/routes";
import { itemChangeTracker } from "./inventory/item-changes";
import { photoRoutes } from "./inventory/photo-routes";
import { INVENTORY_SYNCED, inventoryRoutes } from "./inventory/routes";
import { kanbanAttachmentRoutes } from "./kanban/attachment-routes";
import { KANBAN_SYNCED } from "./kanban/routes";
import { MAIL_SYNCED, mailRoutes } from "./mail/routes";
import { marketplaceRoutes } from "./marketplace/routes";
import { notificationRoutes } from "./notifications/routes";
import { outboxRoutes } from "./outbox/routes";
import { bblRoutes } from "./properties/routes";
import { publicFormRoutes } from "./public-site/routes";
import { rpieRoutes } from "./rpie/routes";
import { setupRoutes } from "./setup/routes";
import { readyMappingOutputs } from "./statement-mapping/filed-outputs";
import { statementMappingRoutes } from "./statement-mapping/routes";
import { tc309FlagsOf } from "./statement-mapping/store/filing-audit";
import { syncRoutes } from "./sync/routes";
import type { ServerSyncedType } from "./sync/types";

/**
 * The app's synced types (docs/offline.md "How to add a synced type"): each gets its REST routes
 * from the sync module's factory, and the change feed and write batch carry them all.
 */
export const SYNCED_TYPES: readonly ServerSyncedType[] = [
  ...INVENTORY_SYNCED,
  ...KANBAN_SYNCED,
  ...CALENDAR_SYNCED,
  ...MAIL_SYNCED,
];

/** Every feature module's routes. Each route declares `config.auth` (see plugins/auth.ts). */
export async function registerModules(
  app: FastifyInstance,
  opts: { syncedTypes?: readonly ServerSyncedType[] } = {},
) {
  const types = opts.syncedTypes ?? SYNCED_TYPES;
  // a staff write in a seller's inventory records the item fields it changed (docs/marketplace.md)
  await app.register(companyScopePlugin, { staffWrites: itemChangeTracker(app.ctx.db) });
  await app.register(idempotencyPlugin);
  await app.register(healthRoutes);
  await app.register(clientConfigRoutes);
  await app.register(setupRoutes);
  await app.register(authRoutes);
  await app.register(publicFormRoutes);
  await app.register(accountRoutes);
  await app.register(fileRoutes);
  await app.register(fileManagerRoutes);
  await app.register(bblRoutes);
  await app.register(rpieRoutes);
  await app.register(statementMappingRoutes);
  // Filing files what statement-mapping renders; passed in so the two modules do not import each other.
  await app.register(filingRoutes, { filedOutputs: readyMappingOutputs, filingFlags: tc309FlagsOf });
  await app.register(companyRoutes);
  await app.register(adminRoutes);
  await app.register(articleRoutes);
  await app.register(articleImageRoutes);
  await app.register(marketplaceRoutes);
  await app.register(demoRoutes);
  await app.register(academyRoutes);
  await app.register(outboxRoutes);
  await app.register(syncRoutes, { types });
  await app.register(inventoryRoutes, { types });
  await app.register(photoRoutes);
  await app.register(ebayRoutes);
  await app.register(ebayDeletionRoutes);
  await app.register(ebayAdminRoutes);
  await app.register(kanbanAttachmentRoutes);
  await app.register(calendarRoutes);
  await app.register(mailRoutes);
  await app.register(notificationRoutes);
  await app.register(dashboardRoutes);
  await app.register(analyticsRoutes);
  await app.register(commerceRoutes);
  await app.register(chatRoutes);
  await app.register(chatAttachmentRoutes);
  await app.register(messageBatchRoute);
}
