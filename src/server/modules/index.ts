import type { FastifyInstance } from "fastify";
import { accountRoutes } from "./account/routes";
import { authRoutes } from "./auth/routes";
import { healthRoutes } from "./health/routes";
import { publicFormRoutes } from "./public-forms/routes";

/** Every feature module's routes. Each route declares `config.auth` (see plugins/auth.ts). */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(publicFormRoutes);
  await app.register(accountRoutes);
}
