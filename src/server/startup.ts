import type { FastifyInstance } from "fastify";
import { ensureBootstrapAdmin } from "./modules/auth/bootstrap-admin";

/** Work done once after the app is built and before it listens (e.g. the ADMIN_EMAIL super admin). */
export async function onStartup(app: FastifyInstance): Promise<void> {
  const admin = await ensureBootstrapAdmin(app.ctx);
  if (admin !== "skipped") app.log.info({ admin }, "ADMIN_EMAIL super admin account checked");
}
