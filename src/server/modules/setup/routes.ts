import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SETUP_CODE_MAX_LENGTH, SETUP_PAGE, SETUP_PATH } from "../../../domain/setup";
import { PASSWORD_MAX_LENGTH } from "../auth/passwords";
import { FirstAdminSetup } from "./first-admin";

declare module "fastify" {
  interface FastifyInstance {
    /** The first administrator's setup (first-admin.ts). */
    firstAdminSetup: FirstAdminSetup;
  }
}

const Status = Type.Object({ open: Type.Boolean() });

const SetupBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: SETUP_CODE_MAX_LENGTH }),
    displayName: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);

const Created = Type.Object({ email: Type.String() });

const ErrorBody = Type.Object(
  { statusCode: Type.Integer(), error: Type.String(), message: Type.String() },
  { additionalProperties: true },
);

/**
 * /setup: the first super administrator on a product that has none (and no ADMIN_EMAIL). While it
 * is open, the product's address ("/") sends visitors to the setup page. Not encapsulated: the
 * redirect covers the whole server and startup.ts opens the setup through `app.firstAdminSetup`.
 */
export const setupRoutes = fp(
  async (app: FastifyInstance) => {
    const setup = new FirstAdminSetup(app.ctx.db, !!app.ctx.config.adminEmail);
    app.decorate("firstAdminSetup", setup);

    app.addHook("onRequest", async (request, reply) => {
      if ((request.method !== "GET" && request.method !== "HEAD") || request.url.split("?")[0] !== "/")
        return;
      if (await setup.isOpen()) return reply.header("cache-control", "no-store").redirect(SETUP_PAGE, 302);
    });

    app.get(
      SETUP_PATH,
      {
        config: { auth: "public" },
        schema: {
          tags: ["auth"],
          summary: "Whether the first administrator's setup page is open",
          response: { 200: Status },
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return { open: await setup.isOpen() };
      },
    );

    app.post<{ Body: Static<typeof SetupBody> }>(
      SETUP_PATH,
      {
        config: { auth: "public" },
        schema: {
          tags: ["auth"],
          summary: "Create the first super administrator with the setup code printed in the server's console",
          description:
            "Only while setup is open (no super admin yet, ADMIN_EMAIL unset). A wrong code answers 403 (10 per minute, then 429); once done, 409. The account is confirmed: sign in with it.",
          body: SetupBody,
          response: { 201: Created, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const { email } = await setup.complete(request.body);
        request.log.info({ email }, "first super administrator created on the setup page");
        return reply.status(201).send({ email });
      },
    );
  },
  { name: "first-admin-setup" },
);
