import type { Static } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { assessRpie } from "../../../domain/rpie";
import { AssessBody, AssessResponse } from "./schemas";

/** The public "Do I have to file?" answer: the RPIE rules applied to a property's facts. */
export async function rpieRoutes(app: FastifyInstance) {
  app.post<{ Body: Static<typeof AssessBody> }>(
    "/api/rpie/assess",
    {
      config: { auth: "public" },
      schema: {
        tags: ["rpie"],
        summary: "Must this property file an RPIE statement or a Claim of Exclusion, which form, by when?",
        description:
          "Pure rules (src/domain/rpie): AAV over $40,000 files unless an exclusion applies; excluded " +
          "properties file a Claim of Exclusion. The deadline is June 1 of filingYear, moved to the next " +
          "business day. penaltyIfLate follows 19 RCNY §33-03. See docs/rpie.md.",
        body: AssessBody,
        response: { 200: AssessResponse },
      },
    },
    async (request) => assessRpie(request.body),
  );
}
