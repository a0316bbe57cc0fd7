/** Schemas the sync module's routes share. */
import { Type } from "@sinclair/typebox";

/** The error body of every failure (plugins/errors.ts). */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    code: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
