import { SETUP_PATH } from "../../../domain/setup";
import { http } from "../../lib/http";

export interface SetupInput {
  code: string;
  displayName: string;
  email: string;
  password: string;
}

/** The first administrator's setup (docs/operations.md "First start"). */
export const setupKeys = {
  all: ["setup"] as const,
  status: () => [...setupKeys.all, "status"] as const,
};

export const setupApi = {
  status: () => http.get<{ open: boolean }>(SETUP_PATH, { anonymous: true }),
  create: (input: SetupInput) => http.post<{ email: string }>(SETUP_PATH, input, { anonymous: true }),
};
