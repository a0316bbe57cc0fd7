import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Config } from "./config";
import type { ServerContext } from "./context";
import type { Database } from "./db/client";
import { FRAME_AREAS, loadFramePage } from "./frame-page";
import { livePlugin } from "./live/plugin";
import { setMailDomain } from "./mail/mailbox";
import { createMailer, type Mailer } from "./mail/mailer";
import { registerModules } from "./modules";
import type { ServerSyncedType } from "./modules/sync/types";
import { authPlugin } from "./plugins/auth";
import { registerCompression } from "./plugins/compression";
import { errorBody, installErrorHandler } from "./plugins/errors";
import { installJsonBodyParser } from "./plugins/json-body";
import { serverLogOutput } from "./plugins/log-output";
import { isLoopbackUrl, withLogRedaction } from "./plugins/log-redaction";
import { RequestLog } from "./plugins/request-log";
import { frameworkErrorAnswer, requestTextPlugin } from "./plugins/request-text";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { makeAjv } from "./plugins/validators";
import { startHeartbeat } from "./process-heartbeat";

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
  /** The synced types (default: the app's, modules/index.ts SYNCED_TYPES; tests add their own). */
  syncedTypes?: readonly ServerSyncedType[];
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: withLogRedaction(opts.logger ?? { level: config.logLevel, stream: serverLogOutput() }),
    logController: new RequestLog(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    ajv: { customOptions: { removeAdditional: false } },
    frameworkErrors: frameworkErrorAnswer,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installJsonBodyParser(app);
  const bodyAjv = makeAjv(true);
  const urlAjv = makeAjv(false);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === "body" ? bodyAjv : urlAjv).compile(schema as object),
  );

  setMailDomain(config.mailDomain);
  const mailer =
    opts.mailer ??
    createMailer({
      db: database.db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
      logLinks: isLoopbackUrl(config.publicUrl),
    });
  const ctx: ServerContext = { config, database, db: database.db, mailer };
  app.decorate("ctx", ctx);
  app.addHook("onClose", async () => mailer.close());
  // This process's liveness, read by others to free its idempotency claims and jobs once it is dead.
  const heartbeat = await startHeartbeat(database.db, app.log);
  app.addHook("onClose", async () => heartbeat.stop());

  installErrorHandler(app);
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Blocklot API",
        version: "1.0.0",
        description: "RPIE filing and reseller inventory service",
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    // Its own policy (hashes of its inline scripts), framed by no one, usable over plain http locally.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(" upgrade-insecure-requests;", "")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
  await app.register(requestTextPlugin);
  await app.register(authPlugin, { config });
  await app.register(livePlugin);

  await registerModules(app, { syncedTypes: opts.syncedTypes });

  const spa = config.staticDir && existsSync(resolve(config.staticDir, "index.html"));
  if (spa) await serveApp(app, config.staticDir as string);
  // index.html naming the signed-in frame's chunks (and the route's), for the frame's areas.
  const framePage = spa ? loadFramePage(config.staticDir as string) : null;
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|auth-jwt)(\/|$|\?)/.test(request.url);
    if (spa && (request.method === "GET" || request.method === "HEAD") && !isApi) {
      // Client-side routing: the app shows its own 404 page for unknown paths.
      if (framePage && FRAME_AREAS.test(request.url))
        return reply.header("cache-control", "no-cache").type("text/html").send(framePage(request.url));
      return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
    }
    return reply
      .status(404)
      .send(errorBody(404, `No route for ${request.method} ${request.url.split("?")[0]}`));
  });
  return app;
}

/**
 * Public pages prerendered at build time (scripts/prerender.ts): path → file under
 * <root>/prerendered, read from its routes.json. Empty when the build has none.
 */
function prerenderedPages(root: string): Map<string, string> {
  const routesFile = join(root, "prerendered", "routes.json");
  if (!existsSync(routesFile)) return new Map();
  const routes = JSON.parse(readFileSync(routesFile, "utf8")) as Record<string, string>;
  return new Map(
    Object.entries(routes)
      .filter(([path, file]) => path.startsWith("/") && /^[\w.-]+\.html$/.test(file))
      .map(([path, file]) => [path, `prerendered/${file}`]),
  );
}

/**
 * The built PWA's static files. The prerendered public pages are sent for their paths (any
 * query string); unknown non-API paths fall back to index.html, the client-rendered app
 * (see buildApp).
 */
async function serveApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    index: false,
    // scripts/precompress.ts writes .br/.gz beside each text file at build time.
    preCompressed: true,
    setHeaders(res, path) {
      if (path.includes("/assets/")) res.header("cache-control", "public, max-age=31536000, immutable");
      else res.header("cache-control", "no-cache");
    },
  });
  const pages = prerenderedPages(root);
  if (!pages.has("/")) pages.set("/", "index.html");
  for (const [path, file] of pages) {
    app.get(path, { config: { auth: "public" }, schema: { hide: true } }, (_request, reply) =>
      reply.header("cache-control", "no-cache").type("text/html").sendFile(file),
    );
  }
  // Without JavaScript a prerendered form (sign-in, the demo box, the RPIE check) is sent here
  // (method=post, so a password never lands in a URL): the same page again, whose <noscript>
  // note in the form says it needs JavaScript. What was sent is not read.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "buffer", bodyLimit: 64 * 1024 },
      (_request, _body, done) => done(null, null),
    );
    for (const [path, file] of pages) {
      scope.post(path, { config: { auth: "public" }, schema: { hide: true } }, (_request, reply) =>
        reply.code(400).header("cache-control", "no-store").type("text/html").sendFile(file),
      );
    }
  });
}
