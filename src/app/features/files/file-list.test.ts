import { describe, expect, it } from "vitest";
import {
  applyStatusEvent,
  canDelete,
  canRetryExtraction,
  type FileStatusEvent,
  isBusy,
  parseFileStatusEvent,
  type SeenStatuses,
  statusChanges,
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

describe("statusChanges (what the live region announces)", () => {
  const at = (s: number) => `2026-01-01T10:00:${String(s).padStart(2, "0")}.000Z`;
  /** Feeds the lists one after another, as the page sees them, and collects what is announced. */
  const announce = (lists: { propertyId?: string; list: StatementFile[] }[]) => {
    let seen: SeenStatuses | null = null;
    const said: string[][] = [];
    for (const { propertyId = "p1", list } of lists) {
      const out = statusChanges(seen, propertyId, list);
      seen = out.seen;
      said.push(
        out.changes.map((c) => `${c.fileName}: ${c.status}${c.failureReason ? ` (${c.failureReason})` : ""}`),
      );
    }
    return said;
  };

  it("says nothing about the list as first seen", () => {
    expect(
      announce([{ list: [file("a", { status: "extracted" }), file("b", { status: "failed" })] }]),
    ).toEqual([[]]);
  });

  it("announces each change once, however often the same list comes back", () => {
    const queued = file("a", { updatedAt: at(1) });
    const extracting = file("a", { status: "extracting", updatedAt: at(2) });
    const extracted = file("a", { status: "extracted", updatedAt: at(3), pageCount: 1 });
    expect(
      announce([
        { list: [queued] },
        { list: [extracting] },
        { list: [extracting] },
        { list: [extracted] },
        { list: [{ ...extracted }] },
      ]),
    ).toEqual([[], ["a.pdf: extracting"], [], ["a.pdf: extracted"], []]);
  });

  it("announces the state reached when polling skipped the ones between", () => {
    expect(
      announce([
        { list: [file("a", { updatedAt: at(1) })] },
        { list: [file("a", { status: "extracted", updatedAt: at(9) })] },
      ]),
    ).toEqual([[], ["a.pdf: extracted"]]);
  });

  it("announces a file that joins the list once it is past uploaded", () => {
    expect(
      announce([
        { list: [] },
        { list: [file("a", { status: "uploaded", updatedAt: at(1) })] },
        { list: [file("a", { status: "queued", updatedAt: at(2) })] },
        { list: [file("a", { status: "queued", updatedAt: at(2) }), file("b", { status: "extracted" })] },
      ]),
    ).toEqual([[], [], ["a.pdf: queued"], ["b.pdf: extracted"]]);
  });

  it("gives the failure reason with a failure, and announces a re-run that fails again", () => {
    const failed = (s: number) =>
      file("a", { status: "failed", failureReason: "This PDF is damaged", updatedAt: at(s) });
    expect(
      announce([
        { list: [file("a", { status: "extracting", updatedAt: at(1) })] },
        { list: [failed(2)] },
        { list: [file("a", { status: "queued", updatedAt: at(3) })] },
        { list: [failed(4)] },
      ]),
    ).toEqual([
      [],
      ["a.pdf: failed (This PDF is damaged)"],
      ["a.pdf: queued"],
      ["a.pdf: failed (This PDF is damaged)"],
    ]);
  });

  it("neither announces nor takes back a state from a list older than the one seen", () => {
    const extracted = file("a", { status: "extracted", updatedAt: at(5) });
    const stale = file("a", { status: "extracting", updatedAt: at(3) });
    expect(
      announce([
        { list: [file("a", { updatedAt: at(1) })] },
        { list: [extracted] },
        { list: [stale] },
        { list: [extracted] },
      ]),
    ).toEqual([[], ["a.pdf: extracted"], [], []]);
  });

  it("starts again without announcing when another property is picked", () => {
    expect(
      announce([
        { propertyId: "p1", list: [file("a", { updatedAt: at(1) })] },
        { propertyId: "p2", list: [file("x", { status: "extracted" })] },
        { propertyId: "p1", list: [file("a", { status: "extracted", updatedAt: at(9) })] },
        { propertyId: "p1", list: [file("a", { status: "failed", updatedAt: at(10) })] },
      ]),
    ).toEqual([[], [], [], ["a.pdf: failed"]]);
  });

  it("forgets a file that left the list", () => {
    const out = statusChanges(
      { propertyId: "p1", files: new Map([["gone", { status: "queued", at: 0 }]]) },
      "p1",
      [],
    );
    expect([...out.seen.files.keys()]).toEqual([]);
  });
});
