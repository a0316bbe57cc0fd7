/**
 * Statement uploads with progress: POST /api/file/upload as multipart form data through
 * XMLHttpRequest (fetch reports no upload progress), with the app's bearer token and one
 * refresh-and-retry on 401, like the HTTP client.
 */
import { ERROR_CODES, errorCodeOf } from "../../../domain/errors";
import { API_BASE_URL } from "../../lib/http";
import { messageOf, parseBody } from "../../lib/server-answer";
import { freshAccessToken, refreshedAccessToken } from "../../lib/session/access-token";
import type { DocumentType, UploadResult } from "./files-api";

export interface UploadRequest {
  file: File;
  bblId: string;
  documentType: DocumentType;
  statementYear: number | null;
}

export interface UploadOptions {
  /** Share of the body sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** What went wrong, for the message shown beside the file. */
export type UploadErrorKind =
  | "too-large"
  | "unsupported"
  | "invalid"
  | "not-found"
  | "signed-out"
  | "network"
  | "cancelled"
  | "server";

export class UploadError extends Error {
  readonly status: number;
  readonly kind: UploadErrorKind;
  /** The server's own words, when it sent any. */
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null, kind?: UploadErrorKind, body?: unknown) {
    super(serverMessage ?? `Upload failed with status ${status}`);
    this.name = "UploadError";
    this.status = status;
    this.kind = kind ?? uploadErrorKind(status, body);
    this.serverMessage = serverMessage;
  }
}

/** What went wrong, from the server's code (src/domain/errors.ts); the status where it sent none. */
export function uploadErrorKind(status: number, body?: unknown): UploadErrorKind {
  if (status === 0) return "network";
  switch (errorCodeOf(body)) {
    case ERROR_CODES.PAYLOAD_TOO_LARGE:
      return "too-large";
    case ERROR_CODES.UNSUPPORTED_MEDIA_TYPE:
      return "unsupported";
    case ERROR_CODES.NOT_FOUND:
      return "not-found";
    case ERROR_CODES.UNAUTHENTICATED:
    case ERROR_CODES.FORBIDDEN:
      return "signed-out";
  }
  if (status === 413) return "too-large";
  if (status === 415) return "unsupported";
  if (status === 404) return "not-found";
  if (status === 401 || status === 403) return "signed-out";
  if (status >= 400 && status < 500) return "invalid";
  return "server";
}

/** The multipart body: the fields first, then the file. */
export function uploadForm(req: UploadRequest): FormData {
  const form = new FormData();
  form.append("bblId", req.bblId);
  form.append("documentType", req.documentType);
  if (req.statementYear !== null) form.append("statementYear", String(req.statementYear));
  form.append("file", req.file, req.file.name);
  return form;
}

function isUploadResult(data: unknown): data is UploadResult {
  return (
    !!data &&
    typeof data === "object" &&
    typeof (data as { id?: unknown }).id === "string" &&
    typeof (data as { status?: unknown }).status === "string"
  );
}

/** The upload's answer: the record (201 new, 200 duplicate) or an UploadError. */
export function uploadOutcome(status: number, body: string): UploadResult | UploadError {
  const data = parseBody(body);
  if (status === 200 || status === 201) {
    if (isUploadResult(data)) return { ...data, duplicate: data.duplicate === true };
    return new UploadError(status, null, "server");
  }
  // the server's own words only (a proxy's HTML page is no message for a person)
  const message = data && typeof data === "object" ? messageOf(data, "") || null : null;
  return new UploadError(status, message, undefined, data);
}

interface RawAnswer {
  status: number;
  body: string;
}

function send(req: UploadRequest, token: string | null, opts: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE_URL}/api/file/upload`);
    xhr.setRequestHeader("Accept", "application/json");
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, body: "" });
    xhr.ontimeout = () => resolve({ status: 0, body: "" });
    const abort = () => xhr.abort();
    xhr.onabort = () => reject(new UploadError(0, null, "cancelled"));
    if (opts.signal?.aborted) {
      reject(new UploadError(0, null, "cancelled"));
      return;
    }
    opts.signal?.addEventListener("abort", abort, { once: true });
    xhr.onloadend = () => opts.signal?.removeEventListener("abort", abort);
    xhr.send(uploadForm(req));
  });
}

/** Uploads one file; resolves with the record, rejects with an UploadError. */
export async function uploadFile(req: UploadRequest, opts: UploadOptions = {}): Promise<UploadResult> {
  const token = await freshAccessToken().catch(() => null);
  let answer = await send(req, token, opts);
  if (answer.status === 401 && token) {
    const next = await refreshedAccessToken().catch(() => null);
    if (next) {
      opts.onProgress?.(0);
      answer = await send(req, next, opts);
    }
  }
  const outcome = uploadOutcome(answer.status, answer.body);
  if (outcome instanceof UploadError) throw outcome;
  opts.onProgress?.(1);
  return outcome;
}
