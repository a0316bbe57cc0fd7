import type { FastifyRequest } from "fastify";
import { httpError } from "../../plugins/errors";
import type { FileStore, StagedFile } from "../../storage";
import { DOCUMENT_TYPES, type DocumentType } from "./schemas";
import { CONTENT_TYPES, type FileKind, sniffKind, UNSUPPORTED_TYPE_MESSAGE } from "./sniff";

const UPLOAD_FIELDS = new Set(["bblId", "documentType", "statementYear"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A checked upload: the staged bytes (the caller commits or discards them) and its fields. */
export interface Upload {
  file: StagedFile;
  fileName: string;
  kind: FileKind;
  propertyId: string;
  documentType: DocumentType;
  statementYear: number | null;
}

/** A name safe to show and to send back in Content-Disposition. */
function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== "\u007f" && ch !== '"')
    .join("")
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}

/** One checked file of a multipart upload: staged bytes (the caller commits or discards them). */
export interface FilePart {
  file: StagedFile;
  fileName: string;
  kind: FileKind;
  fields: Record<string, string>;
}

/**
 * Reads a multipart upload: one `file` part, streamed into the store's staging area (at most
 * `maxBytes`), and the text fields named in `allowed`. Anything wrong answers a 4xx naming it
 * (unknown parts, a second file, too large, empty, a type not accepted by content); the staged
 * bytes are then discarded. Statement files and kanban attachments share it (docs/files.md).
 */
export async function readFilePart(
  request: FastifyRequest,
  store: FileStore,
  maxBytes: number,
  allowed: ReadonlySet<string>,
  fallbackName = "statement",
): Promise<FilePart> {
  const tooLarge = () =>
    httpError(
      413,
      `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the most accepted per file`,
    );
  const fields: Record<string, string> = {};
  let staged: StagedFile | null = null;
  let fileName = "";
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== "file") {
            part.file.resume();
            throw httpError(400, `Invalid upload: unknown file field "${part.fieldname}" (use "file")`);
          }
          if (staged) throw httpError(400, "Send one file per upload");
          fileName = cleanFileName(part.filename, fallbackName);
          staged = await store.stage(part.file, { maxBytes });
          if (staged.truncated || part.file.truncated) throw tooLarge();
        } else {
          if (!allowed.has(part.fieldname)) {
            throw httpError(400, `Invalid upload: unknown field "${part.fieldname}"`);
          }
          fields[part.fieldname] = String(part.value ?? "").trim();
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
      if (code === "FST_FILES_LIMIT") throw httpError(400, "Send one file per upload");
      if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
        throw httpError(400, "Too many form fields");
      if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE" || code === "FST_NO_FORM_DATA")
        throw httpError(400, "Send the file as multipart/form-data");
      if (typeof (err as { statusCode?: unknown }).statusCode !== "number") {
        // A malformed multipart body (e.g. cut off): the client's fault.
        throw httpError(400, "The upload was incomplete or malformed; please try again");
      }
      throw err;
    }
    const file = staged as StagedFile | null;
    if (!file) throw httpError(400, 'Invalid upload: "file" is required');
    if (file.size === 0) throw httpError(400, "The file is empty (0 bytes)");
    const kind = sniffKind(file.head);
    if (!kind) throw httpError(415, UNSUPPORTED_TYPE_MESSAGE);
    return { file, fileName, kind, fields };
  } catch (err) {
    await (staged as StagedFile | null)?.discard();
    throw err;
  }
}

/**
 * Reads a statement upload: the file (readFilePart) and the fields bblId, documentType and
 * statementYear; a missing or bad field answers 400 and the staged bytes are discarded.
 */
export async function readUpload(
  request: FastifyRequest,
  store: FileStore,
  maxBytes: number,
): Promise<Upload> {
  const { file, fileName, kind, fields } = await readFilePart(request, store, maxBytes, UPLOAD_FIELDS);
  try {
    const propertyId = fields.bblId ?? "";
    if (!propertyId) throw httpError(400, 'Invalid upload: "bblId" is required');
    if (!UUID.test(propertyId)) throw httpError(400, 'Invalid upload: "bblId" must be a property id');
    const documentType = fields.documentType ?? "";
    if (!documentType) throw httpError(400, 'Invalid upload: "documentType" is required');
    if (!(DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
      throw httpError(400, `Invalid upload: "documentType" must be one of ${DOCUMENT_TYPES.join(", ")}`);
    }
    let statementYear: number | null = null;
    if (fields.statementYear) {
      if (
        !/^\d{4}$/.test(fields.statementYear) ||
        Number(fields.statementYear) < 1900 ||
        Number(fields.statementYear) > 2099
      ) {
        throw httpError(400, 'Invalid upload: "statementYear" must be a year between 1900 and 2099');
      }
      statementYear = Number(fields.statementYear);
    }
    return { file, fileName, kind, propertyId, documentType: documentType as DocumentType, statementYear };
  } catch (err) {
    await file.discard();
    throw err;
  }
}

/**
 * Runs `use` on a staged upload with `keep()`, which commits it to the store. Whatever `use` does
 * without keeping it (refuses it, finds the same bytes stored already, fails), the staged bytes
 * are discarded when it ends. Statement files, kanban and chat attachments share it.
 */
export async function keepOrDiscard<T>(
  store: FileStore,
  file: StagedFile,
  use: (keep: () => ReturnType<FileStore["commit"]>) => Promise<T>,
): Promise<T> {
  let kept = false;
  try {
    return await use(async () => {
      const stored = await store.commit(file);
      kept = true;
      return stored;
    });
  } finally {
    if (!kept) await file.discard();
  }
}

/** The columns every attachment table keeps for a committed upload (file name, type, size, hash, key). */
export function storedFileColumns(part: FilePart, stored: Awaited<ReturnType<FileStore["commit"]>>) {
  return {
    fileName: part.fileName,
    contentType: CONTENT_TYPES[part.kind],
    kind: part.kind,
    size: stored.size,
    sha256: stored.sha256,
    storageKey: stored.key,
  };
}
