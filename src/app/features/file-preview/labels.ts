import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FileStatus } from "./file-preview-api";

export const STATUS_LABELS: Record<FileStatus, MessageDescriptor> = {
  uploaded: msg`Uploaded`,
  queued: msg`Queued`,
  extracting: msg`Reading the file`,
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

export const DOCUMENT_TYPE_LABELS: Record<string, MessageDescriptor> = {
  operating_statement: msg`Operating statement`,
  rent_roll: msg`Rent roll`,
  general_ledger: msg`General ledger`,
  audit_report: msg`Audit report`,
  tax_bill: msg`Tax bill`,
  lease: msg`Lease`,
  other: msg`Other`,
};
