import { describe, expect, it } from "vitest";
import {
  applyStatusEvent,
  canDelete,
  canRetryExtraction,
  type FileStatusEvent,
  isBusy,
  parseFileStatusEvent,
  upsertFile,
} from "./file-list";
import type { StatementFile } from "./files-api";

const file = (id: string, over: Partial<StatementFile> = {}): StatementFile => ({
  id,
  fileName: `${id}.pdf`,
  bblId: "p1",
  companyId: "c1",
  documentType: "operating_statement",
  statementYear: 2024,
  contentType: "application/pdf",
  kind: "pdf",
  size: 1000,
  sha256: "x",
  status: "queued",
  failureReason: null,
  pageCount: null,
  uploadedBy: "u1",
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  ...over,
});

const event = (over: Partial<FileStatusEvent> = {}): FileStatusEvent => ({
  fileId: "a",
  companyId: "c1",
  propertyId: "p1",
  fileName: "a.pdf",
  status: "extracting",
  failureReason: null,
  pageCount: null,
  at: "2026-01-01T10:00:05.000Z",
  ...over,
});

describe("parseFileStatusEvent", () => {
  it("reads the server's event", () => {
    expect(parseFileStatusEvent(JSON.stringify(event({ status: "extracted", pageCount: 3 })))).toEqual(
      event({ status: "extracted", pageCount: 3 }),
    );
  });

  it("refuses what is not a file status event", () => {
    expect(parseFileStatusEvent("not json")).toBeNull();
    expect(parseFileStatusEvent("null")).toBeNull();
    expect(parseFileStatusEvent(JSON.stringify({ fileId: "a", propertyId: "p", status: "lost" }))).toBeNull();
    expect(parseFileStatusEvent(JSON.stringify({ propertyId: "p", status: "queued" }))).toBeNull();
  });
});

describe("applyStatusEvent", () => {
  it("moves the file to the new state", () => {
    const { list, found } = applyStatusEvent([file("a"), file("b")], event({ status: "extracting" }));
    expect(found).toBe(true);
    expect(list.map((f) => f.status)).toEqual(["extracting", "queued"]);
    expect(list[0]?.updatedAt).toBe("2026-01-01T10:00:05.000Z");
  });

  it("keeps the failure reason only for failed files", () => {
    const failed = applyStatusEvent([file("a")], event({ status: "failed", failureReason: "Damaged PDF" }));
    expect(failed.list[0]).toMatchObject({ status: "failed", failureReason: "Damaged PDF" });
    const again = applyStatusEvent(failed.list, event({ status: "queued", at: "2026-01-01T10:01:00.000Z" }));
    expect(again.list[0]).toMatchObject({ status: "queued", failureReason: null });
  });

  it("ignores an event older than the state already shown", () => {
    const list = [file("a", { status: "extracted", updatedAt: "2026-01-01T10:00:09.000Z", pageCount: 2 })];
    const { list: next } = applyStatusEvent(list, event({ status: "extracting" }));
    expect(next[0]).toMatchObject({ status: "extracted", pageCount: 2 });
  });

  it("says when the file is not in the list", () => {
    const { list, found } = applyStatusEvent([file("b")], event());
    expect(found).toBe(false);
    expect(list).toEqual([file("b")]);
  });
});

describe("upsertFile", () => {
  it("puts a new record first", () => {
    expect(upsertFile([file("b")], file("a")).map((f) => f.id)).toEqual(["a", "b"]);
  });

  it("replaces an older copy but keeps a newer one", () => {
    const newer = file("a", { status: "extracted", updatedAt: "2026-01-01T10:00:09.000Z" });
    expect(upsertFile([newer], file("a"))[0]?.status).toBe("extracted");
    const older = file("a", { status: "uploaded", updatedAt: "2026-01-01T09:00:00.000Z" });
    expect(upsertFile([older], file("a"))[0]?.status).toBe("queued");
  });
});

describe("file actions", () => {
  it("follows busy files and re-runs only failed extractions", () => {
    expect(isBusy("queued")).toBe(true);
    expect(isBusy("extracting")).toBe(true);
    expect(isBusy("extracted")).toBe(false);
    expect(canRetryExtraction({ status: "failed" })).toBe(true);
    expect(canRetryExtraction({ status: "extracted" })).toBe(false);
    expect(canRetryExtraction({ status: "queued" })).toBe(false);
  });

  it("lets every state before review be deleted", () => {
    for (const status of ["uploaded", "queued", "extracting", "extracted", "failed"] as const) {
      expect(canDelete({ status })).toBe(true);
    }
  });
});
