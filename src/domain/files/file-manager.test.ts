import { describe, expect, it } from "vitest";
import { type ManagedFile, previewOf } from "./file-manager";

const file = (over: Partial<ManagedFile>): ManagedFile => ({
  source: "statement",
  id: "f1",
  name: "2024 statement.pdf",
  propertyId: null,
  bbl: null,
  address: null,
  year: 2024,
  size: 1,
  contentType: "application/pdf",
  createdAt: "2026-01-01T00:00:00.000Z",
  filingId: null,
  ...over,
});

describe("previewOf", () => {
  it("shows a photo from the item photo route, with its thumbnail", () => {
    expect(previewOf(file({ source: "photo", id: "p1", contentType: "image/webp" }))).toEqual({
      kind: "image",
      path: "/api/inventory/photos/p1",
      thumbPath: "/api/inventory/photos/p1?size=thumb",
    });
  });

  it("shows a PDF or image statement's first page image, and no inline preview for a spreadsheet", () => {
    expect(previewOf(file({}))).toEqual({ kind: "page", path: "/api/file/f1/pages/1?width=1200" });
    expect(previewOf(file({ contentType: "image/png" })).kind).toBe("page");
    expect(previewOf(file({ contentType: "text/csv" })).kind).toBe("none");
  });

  it("frames a filing output PDF, shows a CSV as text and nothing for a workbook", () => {
    const out = { source: "output" as const, filingId: "x1", name: "RPIE worksheet.pdf" };
    expect(previewOf(file(out))).toEqual({
      kind: "pdf",
      path: "/api/filings/x1/documents/RPIE%20worksheet.pdf",
    });
    expect(previewOf(file({ ...out, name: "a.csv", contentType: "text/csv; charset=utf-8" })).kind).toBe(
      "text",
    );
    expect(
      previewOf(
        file({
          ...out,
          name: "a.xlsx",
          contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }),
      ).kind,
    ).toBe("none");
  });
});
