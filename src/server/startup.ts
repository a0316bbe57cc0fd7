import type { FastifyInstance } from "fastify";

/** Work done once after the app is built and before it listens (e.g. the ADMIN_EMAIL super admin). */
export async function onStartup(_app: FastifyInstance): Promise<void> {}
