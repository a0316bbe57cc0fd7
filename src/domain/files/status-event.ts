import type { FileStatus } from "./statuses";

/**
 * A statement file moved to another state: what the server's `file_status` notifications carry
 * (src/server/modules/files/live.ts) and GET /api/events sends on as `event: file-status` to the
 * app's file lists (src/app/features/files/file-list.ts).
 */
export interface FileStatusEvent {
  fileId: string;
  companyId: string;
  propertyId: string;
  fileName: string;
  status: FileStatus;
  failureReason: string | null;
  pageCount: number | null;
  at: string;
}
