import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { InboundListener } from "./mail/inbound";
import type { Mailer } from "./mail/mailer";

/** What every module gets: configuration, the database and the mailer. */
export interface ServerContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** The incoming SMTP listener once started (MAIL_INBOUND_PORT; docs/mail.md). */
  mailInbound?: InboundListener;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}
