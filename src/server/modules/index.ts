import type { FastifyInstance } from "fastify";
import { companyScopePlugin } from "../plugins/company-scope";
import { idempotencyPlugin } from "../plugins/idempotency";
import { accountRoutes } from "./account/routes";
import { adminRoutes } from "./admin/routes";
import { authRoutes } from "./auth/routes";
import { clientConfigRoutes } from "./client-config/routes";
import { companyRoutes } from "./company/routes";
import { fileRoutes } from "./files/routes";
import { filingRoutes } from "./filing/routes";
import { healthRoutes } from "./health/routes";
import { photoRoutes } from "./inventory/photo-routes";
import { inventoryRoutes } from "./inventory/routes";
import { bblRoutes } from "./properties/routes";
import { publicFormRoutes } from "./public-site/routes";
import { rpieRoutes } from "./rpie/routes";
import { readyMappingOutputs } from "./statement-mapping/filed-outputs";
import { statementMappingRoutes } from "./statement-mapping/routes";

/** Every feature module's routes. Each route declares `config.auth` (see plugins/auth.ts). */
export async function registerModules(app: FastifyInstance) {
  await app.register(companyScopePlugin);
  await app.register(idempotencyPlugin);
  await app.register(healthRoutes);
  await app.register(clientConfigRoutes);
  await app.register(authRoutes);
  await app.register(publicFormRoutes);
  await app.register(accountRoutes);
  await app.register(fileRoutes);
  await app.register(bblRoutes);
  await app.register(rpieRoutes);
  await app.register(statementMappingRoutes);
  // Filing files what statement-mapping renders; passed in so the two modules do not import each other.
  await app.register(filingRoutes, { filedOutputs: readyMappingOutputs });
  await app.register(companyRoutes);
  await app.register(adminRoutes);
  await app.register(inventoryRoutes);
  await app.register(photoRoutes);
}
