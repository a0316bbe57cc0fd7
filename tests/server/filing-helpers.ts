import type { LightMyRequestResponse } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { statementFiles } from "../../src/server/db/schema";
import type { TestUser } from "./fixtures";
import type { TestServer } from "./harness";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** app.inject as a user (or anonymous), JSON body when given. */
export function caller(server: TestServer) {
  return (method: Method, url: string, who?: TestUser, payload?: unknown): Promise<LightMyRequestResponse> =>
    server.app.inject({
      method,
      url,
      headers: who?.auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** A statement file row (no bytes needed for the pipeline), e.g. a penalty notice. */
export async function insertFile(
  server: TestServer,
  companyId: string,
  propertyId: string,
  name = "notice.pdf",
) {
  const id = uuidv7();
  await server.database.db.insert(statementFiles).values({
    id,
    companyId,
    propertyId,
    fileName: name,
    contentType: "application/pdf",
    kind: "pdf",
    size: 10,
    sha256: uuidv7(),
    storageKey: `test/${id}`,
    documentType: "other",
    status: "extracted",
  });
  return id;
}

export const BASE_QUOTE = {
  items: [
    { kind: "base_filing", quantity: 1, unitCents: 45_000 },
    { kind: "extra_statement", quantity: 2, unitCents: 7_500, description: "Two more statements" },
  ],
  note: "Price for the 2026 statement",
};
export const BASE_TOTAL = 60_000;
