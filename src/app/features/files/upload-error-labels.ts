import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { UploadItem } from "./upload-queue";

type ErrorKind = NonNullable<UploadItem["error"]>["kind"];

/** A short headline per kind of upload failure; the server's own message goes below it. */
export const UPLOAD_ERROR_LABELS: Record<ErrorKind, MessageDescriptor> = {
  "too-large": msg`File too large`,
  unsupported: msg`Unsupported file type`,
  invalid: msg`Upload refused`,
  "not-found": msg`Property not found`,
  "signed-out": msg`Your session has ended; sign in again`,
  network: msg`No connection to the server`,
  cancelled: msg`Upload cancelled`,
  server: msg`The server could not take the file`,
  rejected: msg`File not accepted`,
};
