/**
 * `/api/ebay/account-deletion` (public: eBay calls it). GET answers eBay's challenge; POST takes
 * a signed Marketplace Account Deletion notification. Registered in its own plugin so only this
 * route reads JSON as raw bytes (the signature is over the exact body).
 */
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { EBAY_PATHS } from "../../../domain/ebay/contract";
import { httpError } from "../../plugins/errors";
import { challengeResponse, deleteEbayUser, parseDeletion, verifyNotification } from "./account-deletion";

export async function ebayDeletionRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: 64 * 1024 },
    (_r, body, done) => done(null, body),
  );

  app.get<{ Querystring: { challenge_code: string } }>(
    EBAY_PATHS.accountDeletion,
    {
      config: { auth: "public" },
      schema: {
        tags: ["ebay"],
        summary: "eBay's endpoint challenge for account-deletion notifications",
        querystring: Type.Object({ challenge_code: Type.String({ minLength: 1, maxLength: 512 }) }),
        response: { 200: Type.Object({ challengeResponse: Type.String() }) },
      },
    },
    async (request) => {
      const ebay = config.ebay;
      if (!ebay?.verificationToken)
        throw httpError(
          404,
          "eBay account-deletion notifications are not configured (EBAY_VERIFICATION_TOKEN)",
        );
      return {
        challengeResponse: challengeResponse(
          request.query.challenge_code,
          ebay.verificationToken,
          ebay.notificationEndpoint,
        ),
      };
    },
  );

  app.post(
    EBAY_PATHS.accountDeletion,
    {
      config: { auth: "public" },
      schema: {
        tags: ["ebay"],
        summary: "A Marketplace Account Deletion notification, signed by eBay (X-EBAY-SIGNATURE)",
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const ebay = config.ebay;
      if (!ebay) throw httpError(404, "eBay is not configured");
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0)
        throw httpError(400, "Send the notification as application/json");
      const header = request.headers["x-ebay-signature"];
      if (typeof header !== "string") throw httpError(412, "The X-EBAY-SIGNATURE header is missing");
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString("utf8"));
      } catch {
        throw httpError(400, "The notification is not JSON");
      }
      const notice = parseDeletion(parsed);
      if (!notice) throw httpError(400, "Not an account-deletion notification");
      if (!(await verifyNotification({ db, config, ebay }, raw, header))) {
        throw httpError(412, "The notification's signature does not verify");
      }
      await deleteEbayUser(db, notice);
      request.log.info({ notification: notice.notificationId }, "eBay account deletion handled");
      return reply.status(204).send();
    },
  );
}
