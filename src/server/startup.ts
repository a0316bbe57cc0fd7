import type { FastifyInstance } from "fastify";
import { SETUP_PAGE } from "../domain/setup";
import { ensureBootstrapAdmin } from "./modules/auth/bootstrap-admin";

/**
 * Work done once after the app is built and before it listens: the ADMIN_EMAIL super admin, or,
 * without one and with no super admin in the database, the first administrator's setup code,
 * printed once on the console (stderr, beside the JSON log lines of stdout), never logged.
 */
export async function onStartup(app: FastifyInstance): Promise<void> {
  const admin = await ensureBootstrapAdmin(app.ctx);
  if (admin !== "skipped") app.log.info({ admin }, "ADMIN_EMAIL super admin account checked");
  const url = `${app.ctx.config.publicUrl}${SETUP_PAGE}`;
  app.firstAdminSetup.announce = (code) => {
    process.stderr.write(
      [
        "",
        "  Blocklot has no administrator yet.",
        `  Open ${url} and create the first one with this setup code:`,
        "",
        `      ${code}`,
        "",
        "  The code is shown only here, once. Restarting before setup shows a new one;",
        "  once an administrator exists the setup page is gone (ADMIN_EMAIL/ADMIN_PASSWORD skip it).",
        "",
        "",
      ].join("\n"),
    );
    app.log.info({ setup: url }, "first administrator setup open (the code is on the console)");
  };
  await app.firstAdminSetup.openIfNeeded();
}
