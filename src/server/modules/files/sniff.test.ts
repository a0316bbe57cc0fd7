import { describe, expect, it } from "vitest";
import { sniffKind } from "./sniff";

const b = (...bytes: number[]) => Buffer.from(bytes);

describe("sniffKind", () => {
  it("recognises each accepted kind by its first bytes", () => {
    expect(sniffKind(Buffer.from("%PDF-1.7\n%âãÏÓ\n"))).toBe("pdf");
    expect(sniffKind(b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe("png");
    expect(sniffKind(b(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("jpeg");
    expect(sniffKind(b(0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0))).toBe("tiff");
    expect(sniffKind(b(0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8))).toBe("tiff");
    expect(sniffKind(Buffer.concat([b(0, 0, 0, 0x18), Buffer.from("ftypheic\0\0\0\0mif1heic")]))).toBe(
      "heic",
    );
    expect(sniffKind(Buffer.concat([b(0x50, 0x4b, 0x03, 0x04), Buffer.from("....xl/workbook.xml")]))).toBe(
      "xlsx",
    );
    expect(sniffKind(b(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0))).toBe("xls");
    expect(sniffKind(Buffer.from("\uFEFFAccount;2023;2022\nRent;1.000,00;900,00\nTaxes;500;400\n"))).toBe(
      "csv",
    );
    expect(sniffKind(Buffer.from("Account,2023\nRent,1000\n"))).toBe("csv");
  });

  it("refuses executables, other zips, AVIF, plain prose and empty input", () => {
    expect(sniffKind(Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64)]))).toBeNull();
    expect(sniffKind(Buffer.from("\x7fELF\x02\x01\x01"))).toBeNull();
    expect(
      sniffKind(Buffer.concat([b(0x50, 0x4b, 0x03, 0x04), Buffer.from("word/document.xml")])),
    ).toBeNull();
    expect(sniffKind(Buffer.concat([b(0, 0, 0, 0x1c), Buffer.from("ftypavif")]))).toBeNull();
    expect(sniffKind(Buffer.from("Dear owner\nthank you for your letter\nregards\n"))).toBeNull();
    expect(sniffKind(Buffer.alloc(0))).toBeNull();
  });
});
