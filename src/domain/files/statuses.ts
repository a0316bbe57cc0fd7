/**
 * Statement files: the document types an owner can upload and the states a file moves
 * through while it is read (uploaded → queued → extracting → extracted | failed).
 * Shared by the API's schemas and the app's upload and preview screens.
 */
export const DOCUMENT_TYPES = [
  "operating_statement",
  "rent_roll",
  "general_ledger",
  "audit_report",
  "tax_bill",
  "lease",
  "other",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const FILE_STATUSES = ["uploaded", "queued", "extracting", "extracted", "failed"] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** Finished reading, one way or the other. */
export const isSettled = (status: FileStatus) => status === "extracted" || status === "failed";
