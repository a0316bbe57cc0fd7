import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  DEMO_COUNT_KEYS,
  DEMO_DATA_PATH,
  DEMO_SEED_LOCAL_PATH,
  type DemoCountKey,
} from "../../../domain/demo";
import { ROLES } from "../../../domain/roles";
import { httpError } from "../../plugins/errors";
import { demoCounts, removeDemoData } from "./remove";
import { seedDemoData } from "./seed";
import { SEED_TOKEN_HEADER, verifySeedToken } from "./seed-token";
import { DEMO_STEPS } from "./steps";

const Counts = Type.Object(
  Object.fromEntries(DEMO_COUNT_KEYS.map((k) => [k, Type.Integer()])) as Record<
    DemoCountKey,
    ReturnType<typeof Type.Integer>
  >,
);

const StepSchema = Type.Object({ name: Type.String(), describe: Type.String() });

const Overview = Type.Object({ counts: Counts, steps: Type.Array(StepSchema) });

const SeedResult = Type.Object({
  company: Type.String(),
  companyId: Type.String(),
  accounts: Type.Array(
    Type.Object({
      key: Type.String(),
      email: Type.String(),
      password: Type.String(),
      roles: Type.Array(Type.String()),
    }),
  ),
  steps: Type.Array(Type.Object({ name: Type.String(), describe: Type.String(), ms: Type.Integer() })),
  ms: Type.Integer(),
  counts: Counts,
});

const Removed = Type.Object({ removed: Counts });

const ErrorBody = Type.Object(
  { statusCode: Type.Integer(), error: Type.String(), message: Type.String() },
  { additionalProperties: true },
);

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

const superAdmin = { auth: [ROLES.SUPER_ADMIN] };

/**
 * Demo data (docs/operations.md "Demo data"): what there is, seeding it (the admin page's button,
 * and `npm run seed` handing the work to this server), and removing it in one step.
 */
export async function demoRoutes(app: FastifyInstance) {
  async function seed(): Promise<Static<typeof SeedResult>> {
    const result = await seedDemoData(app);
    return { ...result, counts: await demoCounts(app.ctx.db) };
  }

  app.get(
    DEMO_DATA_PATH,
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "How many demo records there are, and the seed's steps",
        response: { 200: Overview },
      },
    },
    async () => ({
      counts: await demoCounts(app.ctx.db),
      steps: DEMO_STEPS.map((s) => ({ name: s.name, describe: s.describe })),
    }),
  );

  app.post(
    DEMO_DATA_PATH,
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "Seed the demo company (replaces the demo data there is); answers the demo accounts",
        description:
          "Takes up to a minute (statements are extracted, photos processed). Another seed running answers 409. The demo accounts get new passwords: a demo super admin calling this is signed out.",
        response: { 200: SeedResult, 409: ErrorBody },
      },
    },
    seed,
  );

  app.delete(
    DEMO_DATA_PATH,
    {
      config: superAdmin,
      schema: {
        tags: ["admin"],
        summary: "Remove every demo record in one step (real data is untouched); answers what there was",
        response: { 200: Removed },
      },
    },
    async () => {
      const removed = await removeDemoData(app.ctx);
      // The demo super admin may have been the only one: then the setup page opens again.
      await app.firstAdminSetup.openIfNeeded();
      return { removed };
    },
  );

  app.post(
    DEMO_SEED_LOCAL_PATH,
    {
      // Not a user's route: `npm run seed` on this machine proves itself with a seed token.
      config: { auth: "public" },
      schema: {
        tags: ["admin"],
        summary: "`npm run seed` handing the seed to this server (loopback only, with a seed token)",
        response: { 200: SeedResult, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody },
      },
    },
    async (request: FastifyRequest) => {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? "")) {
        throw httpError(403, "The seed can be handed over only from this machine");
      }
      const header = request.headers[SEED_TOKEN_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token || !(await verifySeedToken(token, app.ctx.config.jwtSecret))) {
        throw httpError(401, "A valid seed token is required (run npm run seed with the server's settings)");
      }
      return seed();
    },
  );
}
