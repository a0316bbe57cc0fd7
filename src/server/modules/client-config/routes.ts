import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";

const ClientConfig = Type.Object({
  googleClientId: Type.Union([Type.String(), Type.Null()]),
  /** Microsoft Clarity's project id (CLARITY_PROJECT_ID); the app loads it only after analytics consent. */
  clarityProjectId: Type.Union([Type.String(), Type.Null()]),
  /** "outbox" when SMTP_URL is unset: mail stays in the outbox, where a super admin reads it. */
  mailDelivery: Type.Union([Type.Literal("smtp"), Type.Literal("outbox")]),
});

/**
 * What the app needs to know about this server at run time, so one build works
 * everywhere: e.g. the Google button appears only when GOOGLE_CLIENT_ID is set.
 */
export async function clientConfigRoutes(app: FastifyInstance) {
  app.get(
    "/api/config",
    {
      config: { auth: "public" },
      schema: {
        tags: ["health"],
        summary: "Public settings the app reads at start",
        response: { 200: ClientConfig },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return {
        googleClientId: app.ctx.config.googleClientId ?? null,
        clarityProjectId: app.ctx.config.clarityProjectId ?? null,
        mailDelivery: app.ctx.config.smtpUrl ? "smtp" : "outbox",
      } as const;
    },
  );
}
