import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { DocumentType, FileStatus } from "../../../domain/files/statuses";

/**
 * Names and colours of a statement file's document type and status (src/domain/files/statuses.ts).
 * Here, below the features, because files, properties and statement mapping all show them.
 */
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
