import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  buildImport,
  guessMapping,
  type ImportPreview,
  parseDimensions,
  parseNumber,
  parseWeight,
  previewImportFile,
  readImportFile,
  withExistingSkus,
} from "./index";

const enc = (s: string) => new TextEncoder().encode(s);
const csv = (name: string, text: string) => ({ name, bytes: enc(text) });

const HEADER = "Title,SKU,UPC,Qty,Price,Condition,Description,Weight (lb),Dimensions,Bin";
const line = (sku: string, extra: Partial<Record<"qty" | "price" | "title", string>> = {}) =>
  `${extra.title ?? `Lamp ${sku}`},${sku},012345678905,${extra.qty ?? "2"},${extra.price ?? "19.99"},used,Brass lamp,1.5,10x5x2 in,A-1`;

async function preview(file: { name: string; bytes: Uint8Array }, existing?: string[]) {
  const r = await previewImportFile(file, { existingSkus: existing ? new Set(existing) : undefined });
  return r;
}

function errorsOf(p: ImportPreview | null, lineNo: number) {
  return p?.rows.find((r) => r.line === lineNo)?.errors.map((e) => `${e.field}: ${e.message}`) ?? [];
}

async function xlsx(build: (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Items");
  build(ws, wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe("reading CSV", () => {
  it("maps common headers and builds valid items", async () => {
    const {
      table,
      guess,
      preview: p,
    } = await preview(csv("items.csv", `${HEADER}\n${line("A1")}\n${line("A2")}\n`));
    expect(table.messages).toEqual([]);
    expect(table.delimiter).toBe(",");
    expect(guess.mapping).toMatchObject({
      title: 0,
      sku: 1,
      barcode: 2,
      quantity: 3,
      price: 4,
      condition: 5,
      description: 6,
      weight: 7,
      dimensions: 8,
      location: 9,
    });
    expect(guess.units.weightUnit).toBe("POUND");
    expect(p?.counts.valid).toBe(2);
    expect(p?.rows[0]?.line).toBe(2);
    expect(p?.rows[0]?.fields).toMatchObject({
      title: "Lamp A1",
      sku: "A1",
      barcode: "012345678905",
      quantity: 2,
      price: 1999,
      condition: 13,
      description: "Brass lamp",
      weight: { value: 1.5, unit: "POUND" },
      dimensions: { length: 10, width: 5, height: 2, unit: "INCH" },
      location: "A-1",
    });
  });

  it("detects semicolons and reads a decimal comma", async () => {
    const text = "Name;SKU;Quantity;List Price;Description\nVase;V1;1.200;1.234,50;Glass\n";
    const { table, preview: p } = await preview(csv("export.csv", text));
    expect(table.delimiter).toBe(";");
    expect(p?.rows[0]?.fields).toMatchObject({ title: "Vase", quantity: 1200, price: 123450 });
  });

  it("reads TSV", async () => {
    const { table, preview: p } = await preview(
      csv("x.tsv", "item name\tsku\ton hand\tdescription\nCup\tC1\t3\tMug\n"),
    );
    expect(table.format).toBe("tsv");
    expect(p?.rows[0]?.fields).toMatchObject({ title: "Cup", sku: "C1", quantity: 3 });
  });

  it("strips a UTF-8 BOM (the first header still maps)", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc("Title,SKU,Description\nCafé,B1,x\n")]);
    const { table, guess, preview: p } = await preview({ name: "bom.csv", bytes });
    expect(table.encoding).toBe("utf-8 (BOM)");
    expect(guess.mapping.title).toBe(0);
    expect(p?.rows[0]?.fields.title).toBe("Café");
  });

  it("reads Windows-1252 when the bytes are not UTF-8, with a warning", async () => {
    // "Café – 5€" in Windows-1252: é = E9, en dash = 96, € = 80
    const bytes = new Uint8Array([
      ...enc("Title,SKU,Description\nCaf"),
      0xe9,
      0x20,
      0x96,
      0x20,
      0x35,
      0x80,
      ...enc(",W1,x\n"),
    ]);
    const { table, preview: p } = await preview({ name: "win.csv", bytes });
    expect(table.encoding).toBe("windows-1252");
    expect(table.messages.map((m) => m.code)).toContain("encoding");
    expect(p?.rows[0]?.fields.title).toBe("Café – 5€");
  });

  it("keeps physical line numbers when a quoted cell spans lines", async () => {
    const text = 'Title,SKU,Description\n"Two\nline title",M1,x\nOther,M2,\n';
    const { preview: p } = await preview(csv("m.csv", text));
    expect(p?.rows.map((r) => r.line)).toEqual([2, 4]);
    expect(errorsOf(p, 4)).toEqual(["description: Description is required"]);
  });
});

describe("bad files get a clear message", () => {
  const fatal = async (file: { name: string; bytes: Uint8Array }) => {
    const { table, preview: p } = await preview(file);
    expect(p).toBeNull();
    const err = table.messages.find((m) => m.level === "error");
    expect(err).toBeDefined();
    return err;
  };

  it("empty file", async () => {
    expect((await fatal(csv("e.csv", "")))?.code).toBe("empty");
    expect((await fatal(csv("e.csv", "\n\n  \n")))?.code).toBe("empty");
  });
  it("header only", async () => {
    const m = await fatal(csv("h.csv", `${HEADER}\n\n`));
    expect(m?.code).toBe("header-only");
    expect(m?.message).toMatch(/no items/);
  });
  it("not a CSV or XLSX (PDF, PNG, random binary, legacy .xls)", async () => {
    expect((await fatal({ name: "a.pdf", bytes: enc("%PDF-1.7\n...") }))?.message).toMatch(
      /not a CSV, TSV or XLSX/,
    );
    expect(
      (await fatal({ name: "a.csv", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1]) }))?.code,
    ).toBe("not-supported");
    expect((await fatal({ name: "a.csv", bytes: new Uint8Array([65, 0, 66, 0]) }))?.code).toBe(
      "not-supported",
    );
    expect(
      (await fatal({ name: "a.xls", bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1]) }))?.message,
    ).toMatch(/\.xls/);
    expect((await fatal({ name: "a.docx", bytes: enc("hello") }))?.code).toBe("not-supported");
    expect((await fatal({ name: "a.docx", bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]) }))?.code).toBe(
      "not-supported",
    );
  });
  it("a 100 MB file", async () => {
    const m = await fatal({ name: "big.csv", bytes: new Uint8Array(100 * 1024 * 1024) });
    expect(m?.code).toBe("too-large");
    expect(m?.message).toMatch(/100 MB.*50 MB/);
  });
  it("broken quoting names the line", async () => {
    const text = `${HEADER}\n${line("Q1")}\n"Unclosed lamp,Q2,1,2,3,used,x,1,,\n${line("Q3")}\n`;
    const m = await fatal(csv("q.csv", text));
    expect(m?.code).toBe("broken-quoting");
    expect(m?.message).toMatch(/line 3/);
  });
  it("too many rows", async () => {
    const text = `Title,SKU\n${Array.from({ length: 11 }, (_, i) => `t,s${i}`).join("\n")}`;
    const { table } = await previewImportFile(csv("r.csv", text), { limits: { maxRows: 10 } });
    expect(table.messages[0]?.code).toBe("too-many-rows");
  });
  it("200 columns: a warning, the recognised columns still import", async () => {
    const headers = [
      "Title",
      "SKU",
      "Quantity",
      "Description",
      ...Array.from({ length: 196 }, (_, i) => `Extra ${i}`),
    ];
    const row = ["Lamp", "C200", "1", "Brass", ...Array.from({ length: 196 }, () => "z")];
    const { table, preview: p } = await preview(csv("wide.csv", `${headers.join(",")}\n${row.join(",")}\n`));
    expect(table.headers).toHaveLength(200);
    expect(table.messages).toEqual([expect.objectContaining({ level: "warning", code: "many-columns" })]);
    expect(table.messages[0]?.message).toMatch(/200 columns/);
    expect(p?.counts.valid).toBe(1);
  });
  it("more columns than can be read", async () => {
    const headers = Array.from({ length: 1001 }, (_, i) => `c${i}`);
    const m = await fatal(csv("w.csv", `${headers.join(",")}\n${headers.join(",")}\n`));
    expect(m?.code).toBe("too-many-columns");
  });
  it("damaged XLSX", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);
    expect((await fatal({ name: "d.xlsx", bytes }))?.code).toBe("unreadable");
  });
  it("duplicate header names are reported", async () => {
    const { table } = await preview(csv("d.csv", "SKU,Title,SKU,Description\na,b,c,d\n"));
    expect(table.messages.map((m) => m.code)).toEqual(["duplicate-header"]);
  });
});

describe("rows and cells", () => {
  it("thousands separators, currency signs, and refused negatives", async () => {
    const text = [
      "Title,SKU,Qty,Price,Description",
      'Lamp,N1,"1,200","$1,234.50",x',
      "Lamp,N2,-3,5,x",
      "Lamp,N3,2.5,5,x",
      "Lamp,N4,two,-1,x",
      "Lamp,N5,1,5.999,x",
    ].join("\n");
    const { preview: p } = await preview(csv("n.csv", text));
    expect(p?.rows[0]?.fields).toMatchObject({ quantity: 1200, price: 123450 });
    expect(p?.rows[0]?.status).toBe("valid");
    expect(errorsOf(p, 3)).toEqual(["quantity: Quantity cannot be negative (-3)"]);
    expect(errorsOf(p, 4)).toEqual(["quantity: Quantity must be a whole number (2.5)"]);
    expect(errorsOf(p, 5)).toEqual([
      'quantity: "two" is not a number',
      "price: Price cannot be negative (-1)",
    ]);
    expect(errorsOf(p, 6)[0]).toMatch(/more than two decimals/);
    expect(p?.counts).toEqual({ valid: 1, invalid: 4, "duplicate-in-file": 0, "duplicate-existing": 0 });
  });

  it("cell errors carry the file column so the preview can mark the cell", async () => {
    const { preview: p } = await preview(csv("c.csv", "Description,SKU,Title,Qty\nx,S1,,-1\n"));
    expect(p?.rows[0]?.errors).toEqual([
      { column: 3, field: "quantity", message: "Quantity cannot be negative (-1)" },
      { column: 2, field: "title", message: "Inventory title is required" },
    ]);
  });

  it("conditions, units, dimensions in one cell or three, scientific-notation barcodes", async () => {
    const text = [
      "Title,SKU,Description,Condition,Weight,Weight Unit,Length (cm),Width (cm),Height (cm),UPC",
      "A,U1,x,New,40 oz,,10,5,2,",
      "B,U2,x,Brand New,2,kg,1,1,1,",
      "C,U3,x,mint,2,stone,1,1,-1,1.23457E+11",
    ].join("\n");
    const { preview: p } = await preview(csv("u.csv", text));
    expect(p?.rows[0]?.fields).toMatchObject({
      condition: 5,
      weight: { value: 40, unit: "OUNCE" },
      dimensions: { length: 10, width: 5, height: 2, unit: "CENTIMETER" },
    });
    expect(p?.rows[1]?.fields.weight).toEqual({ value: 2, unit: "KILOGRAM" });
    expect(errorsOf(p, 4)).toEqual([
      "barcode: This barcode was turned into a number in scientific notation; format the column as text and export again.",
      'condition: "mint" is not a condition; use New or Used',
      'weightUnit: "stone" is not a weight unit; use lb, kg, oz or g',
      "height: Height cannot be negative (-1)",
    ]);
  });

  it("duplicates by SKU within the file and against existing SKUs are reported, not doubled", async () => {
    const text = [HEADER, line("D1"), line("D2"), line("D1"), line(" D2 "), line("OLD")].join("\n");
    const { preview: p } = await preview(csv("dup.csv", text), ["OLD"]);
    expect(p?.rows.map((r) => r.status)).toEqual([
      "valid",
      "valid",
      "duplicate-in-file",
      "duplicate-in-file",
      "duplicate-existing",
    ]);
    expect(p?.rows[2]?.duplicateOf).toBe(2);
    expect(p?.rows[3]?.duplicateOf).toBe(3);
    expect(p?.counts).toEqual({ valid: 2, invalid: 0, "duplicate-in-file": 2, "duplicate-existing": 1 });
  });

  it("rows built once, then checked against the device's SKUs, equal rows built with them; the first build is left as it was", async () => {
    const text = [HEADER, line("E1"), line("OLD"), line("E1"), line("OLD"), line("E2", { qty: "-1" })].join(
      "\n",
    );
    const table = await readImportFile(csv("e.csv", text));
    const { mapping, units } = guessMapping(table.headers);
    const existing = new Set(["OLD", "E2"]);
    const once = buildImport(table, { mapping, units });
    const before = structuredClone(once);
    const checked = withExistingSkus(once, existing);
    expect(checked).toEqual(buildImport(table, { mapping, units, existingSkus: existing }));
    expect(checked.rows.map((r) => r.status)).toEqual([
      "valid",
      "duplicate-existing",
      "duplicate-in-file",
      "duplicate-existing",
      "duplicate-existing",
    ]);
    expect(once).toEqual(before);
    expect(withExistingSkus(once, new Set())).toBe(once);
  });

  it("a second import of the same rows: every row a duplicate", async () => {
    const text = [HEADER, line("R1"), line("R2")].join("\n");
    const first = await preview(csv("a.csv", text));
    const imported = first.preview?.rows.filter((r) => r.status === "valid").map((r) => r.fields.sku) ?? [];
    const second = await preview(csv("a.csv", text), imported);
    expect(second.preview?.counts["duplicate-existing"]).toBe(2);
    expect(second.preview?.counts.valid).toBe(0);
  });

  it("the user's own mapping replaces the guess; unmapped required fields are named", () => {
    const table = { rows: [{ line: 2, cells: ["x", "Lamp", "L9"] }], cellNotes: [] };
    const p = buildImport(table, { mapping: { title: 1, sku: 2 } });
    expect(p.unmappedRequired).toEqual(["description"]);
    expect(p.rows[0]?.errors).toEqual([
      { column: null, field: "description", message: "Description is required" },
    ]);
    const q = buildImport(table, { mapping: { title: 1, sku: 2, description: 0 } });
    expect(q.rows[0]?.status).toBe("valid");
  });
});

describe("XLSX", () => {
  it("reads values, formula results and rich text", async () => {
    const bytes = await xlsx((ws) => {
      ws.addRow(["Item Name", "SKU", "Quantity", "Unit Price", "Description"]);
      ws.addRow(["Lamp", "X1", 3, 12.5, "Brass"]);
      ws.addRow([
        "Vase",
        "X2",
        { formula: "C2*2", result: 6 },
        { formula: "D2+1", result: 13.5 },
        { richText: [{ text: "Gl" }, { text: "ass" }] },
      ]);
    });
    const { table, preview: p } = await preview({ name: "f.xlsx", bytes });
    expect(table.format).toBe("xlsx");
    expect(table.messages.map((m) => m.code)).toEqual(["formula"]);
    expect(table.messages[0]?.message).toMatch(/2 cells hold formulas/);
    expect(p?.rows[1]?.fields).toMatchObject({
      title: "Vase",
      quantity: 6,
      price: 1350,
      description: "Glass",
    });
    expect(p?.counts.valid).toBe(2);
  });

  it("a formula without a saved result is explained in its cell", async () => {
    const bytes = await xlsx((ws) => {
      ws.addRow(["Title", "SKU", "Quantity", "Description"]);
      ws.addRow(["Lamp", "F1", { formula: "1+1" }, "x"]);
    });
    const { preview: p } = await preview({ name: "f.xlsx", bytes });
    expect(p?.rows[0]?.status).toBe("invalid");
    expect(p?.rows[0]?.errors[0]).toMatchObject({ column: 2, field: "quantity" });
    expect(p?.rows[0]?.errors[0]?.message).toMatch(/formula without a saved result/);
  });

  it("merged cells: a warning and the covered cells explained", async () => {
    const bytes = await xlsx((ws) => {
      ws.addRow(["Title", "SKU", "Quantity", "Description", "Bin"]);
      ws.addRow(["Lamp", "M1", 1, "x", "Shelf A"]);
      ws.addRow(["Vase", "M2", 1, "", ""]);
      ws.mergeCells("D2:D3");
    });
    const { table, preview: p } = await preview({ name: "m.xlsx", bytes });
    expect(table.messages.map((m) => m.code)).toEqual(["merged-cells"]);
    expect(table.messages[0]?.message).toMatch(/D2/);
    expect(p?.rows[0]?.status).toBe("valid");
    expect(p?.rows[1]?.errors).toEqual([
      { column: 3, field: "description", message: "Part of the merged area starting at D2; read as empty." },
    ]);
  });

  it("header-only and empty workbooks", async () => {
    const headerOnly = await xlsx((ws) => ws.addRow(["Title", "SKU"]));
    expect((await readImportFile({ name: "h.xlsx", bytes: headerOnly })).messages[0]?.code).toBe(
      "header-only",
    );
    const empty = await xlsx(() => {});
    expect((await readImportFile({ name: "e.xlsx", bytes: empty })).messages[0]?.code).toBe("empty");
  });
});

describe("value parsers", () => {
  it("parseNumber", () => {
    expect(parseNumber("1,234,567.5")).toBe(1234567.5);
    expect(parseNumber("1 234")).toBe(1234);
    expect(parseNumber("12,34")).toBeNull();
    expect(parseNumber("12,34", true)).toBe(12.34);
    expect(parseNumber("1.234.567,5", true)).toBe(1234567.5);
    expect(parseNumber("-5")).toBe(-5);
    expect(parseNumber("€ 5")).toBe(5);
    expect(parseNumber("5 USD")).toBe(5);
    expect(parseNumber("abc")).toBeNull();
    expect(parseNumber("")).toBeNull();
  });
  it("parseDimensions and parseWeight", () => {
    expect(parseDimensions("10x5x2 in")).toEqual({ length: 10, width: 5, height: 2, unit: "INCH" });
    expect(parseDimensions("10 × 5.5 × 2cm")).toEqual({
      length: 10,
      width: 5.5,
      height: 2,
      unit: "CENTIMETER",
    });
    expect(parseDimensions("10*5*2")).toEqual({ length: 10, width: 5, height: 2, unit: null });
    expect(parseDimensions("10x5")).toBeNull();
    expect(parseDimensions("10x5x2 parsecs")).toBeNull();
    expect(parseWeight("2.5 lbs")).toEqual({ value: 2.5, unit: "POUND" });
    expect(parseWeight("500g")).toEqual({ value: 500, unit: "GRAM" });
    expect(parseWeight("heavy")).toBeNull();
  });
  it("guessMapping does not take look-alike columns", () => {
    const { mapping } = guessMapping(["Country", "Weight Unit", "Price (USD)", "Notes"]);
    expect(mapping).toEqual({ weightUnit: 1, price: 2, notes: 3 });
  });
});
