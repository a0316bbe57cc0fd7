import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { DocumentType, FileStatus } from "./files-api";
import type { UploadItem } from "./upload-queue";

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, MessageDescriptor> = {
  operating_statement: msg`Operating statement`,
  rent_roll: msg`Rent roll`,
  general_ledger: msg`General ledger`,
  audit_report: msg`Audit report`,
  tax_bill: msg`Tax bill`,
  lease: msg`Lease`,
  other: msg`Other`,
};

export const STATUS_LABELS: Record<FileStatus, MessageDescriptor> = {
  uploaded: msg`Uploaded`,
  queued: msg`Queued`,
  extracting: msg`Extracting`,
  extracted: msg`Extracted`,
  failed: msg`Failed`,
};

export const STATUS_COLORS: Record<FileStatus, string> = {
  uploaded: "gray",
  queued: "gray",
  extracting: "blue",
  extracted: "green",
  failed: "red",
};

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
