import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";

export async function healthRoutes(app: FastifyInstance) {
  app.get(
    "/api/health",
    {
      config: { auth: "public" },
      schema: {
        tags: ["health"],
        summary: "Liveness and database reachability",
        response: {
          200: Type.Object({ status: Type.Literal("ok"), database: Type.String(), uptime: Type.Number() }),
          503: Type.Object({
            status: Type.Literal("degraded"),
            database: Type.String(),
            uptime: Type.Number(),
          }),
        },
      },
    },
    async (_request, reply) => {
      const { database } = app.ctx;
      const up = await database.ping();
      const body = {
        database: `${database.kind}: ${up ? "reachable" : "unreachable"}`,
        uptime: process.uptime(),
      };
      return up
        ? reply.send({ status: "ok" as const, ...body })
        : reply.status(503).send({ status: "degraded" as const, ...body });
    },
  );
}
