import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { DataDirInUseError } from "./db/data-dir-lock";
import { loopbackUrl, removeLocalAddress, writeLocalAddress } from "./local-address";
import { describeMailDelivery } from "./mail/mailer";
import { onStartup } from "./startup";

/** `npm start`: one process serving the app and the API on PORT, data in DATA_DIR. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database });
  app.addHook("onClose", async () => database.close());
  await onStartup(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      removeLocalAddress(config.dataDir);
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  // Where `npm run seed` finds this server (it hands its work over while PGlite is open here).
  const local = loopbackUrl(app.server.address(), config.host);
  if (local) writeLocalAddress(config.dataDir, local);
  app.log.info(
    `Blocklot is listening on ${config.publicUrl} (database: ${database.kind}; mail: ${describeMailDelivery(config)})`,
  );
}

main().catch((err) => {
  // A known refusal (data directory in use, bad setting) is said in one line, not a stack.
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
