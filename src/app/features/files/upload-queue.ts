/** The uploads started on this page: a pure reducer, one entry per chosen file. */
import type { DocumentType, UploadResult } from "./files-api";
import type { UploadErrorKind } from "./upload-client";

export interface UploadItem {
  key: string;
  file: File;
  bblId: string;
  documentType: DocumentType;
  statementYear: number | null;
  state: "uploading" | "done" | "duplicate" | "error";
  /** 0..1 */
  progress: number;
  fileId: string | null;
  error: { kind: UploadErrorKind | "rejected"; message: string | null } | null;
}

export type UploadAction =
  | { type: "add"; items: UploadItem[] }
  | { type: "progress"; key: string; progress: number }
  | { type: "done"; key: string; result: UploadResult }
  | { type: "failed"; key: string; kind: UploadErrorKind | "rejected"; message: string | null }
  | { type: "retry"; key: string }
  | { type: "dismiss"; key: string };

export function newUploadItem(
  key: string,
  file: File,
  target: Pick<UploadItem, "bblId" | "documentType" | "statementYear">,
): UploadItem {
  return { key, file, ...target, state: "uploading", progress: 0, fileId: null, error: null };
}

export function uploadReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case "add":
      return [...action.items, ...items];
    case "progress":
      return items.map((i) =>
        i.key === action.key && i.state === "uploading"
          ? { ...i, progress: Math.max(0, Math.min(1, action.progress)) }
          : i,
      );
    case "done":
      return items.map((i) =>
        i.key === action.key
          ? {
              ...i,
              state: action.result.duplicate ? "duplicate" : "done",
              progress: 1,
              fileId: action.result.id,
              error: null,
            }
          : i,
      );
    case "failed":
      return items.map((i) =>
        i.key === action.key
          ? { ...i, state: "error", error: { kind: action.kind, message: action.message } }
          : i,
      );
    case "retry":
      return items.map((i) =>
        i.key === action.key ? { ...i, state: "uploading", progress: 0, error: null } : i,
      );
    case "dismiss":
      return items.filter((i) => i.key !== action.key);
  }
}

/**
 * The uploads still worth showing for a property: in progress, refused, or answered "already
 * uploaded". A finished new upload is shown by its record in the file list instead.
 */
export function visibleUploads(items: readonly UploadItem[], bblId: string | null): UploadItem[] {
  return items.filter((i) => i.bblId === bblId && i.state !== "done");
}

/** Sending the same bytes again can help after a network or server hiccup, not after a refusal. */
export const canRetryUpload = (item: Pick<UploadItem, "state" | "error">) =>
  item.state === "error" &&
  !!item.error &&
  (item.error.kind === "network" ||
    item.error.kind === "server" ||
    item.error.kind === "cancelled" ||
    item.error.kind === "signed-out");
