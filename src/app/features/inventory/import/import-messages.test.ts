import { type I18n, setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { buildImport } from "../../../../domain/inventory/import/build";
import { guessMapping } from "../../../../domain/inventory/import/mapping";
import { readImportFile } from "../../../../domain/inventory/import/read";
import type { ImportMessage } from "../../../../domain/inventory/import/types";
import { cellErrorText, fileMessageText } from "./import-messages";

/** An English i18n that records whether a message went through a translatable descriptor. */
function spyI18n(): { i18n: I18n; translated: () => number } {
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  let calls = 0;
  const original = i18n._.bind(i18n);
  i18n._ = ((...args: Parameters<I18n["_"]>) => {
    calls++;
    return original(...args);
  }) as I18n["_"];
  return { i18n, translated: () => calls };
}

const enc = (s: string) => new TextEncoder().encode(s);
/** The same English sentence whatever the quote marks. */
const plain = (s: string) => s.replace(/[“”"]/g, '"');

async function messagesOf(name: string, bytes: Uint8Array, limits = {}): Promise<ImportMessage[]> {
  return (await readImportFile({ name, bytes }, { limits })).messages;
}

describe("file messages", () => {
  const cases: [string, () => Promise<ImportMessage[]>][] = [
    ["a PDF", () => messagesOf("invoice.pdf", enc("%PDF-1.7\n1 0 obj\n"))],
    ["a legacy .xls", () => messagesOf("old.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]))],
    ["an empty file", () => messagesOf("empty.csv", new Uint8Array())],
    ["a header only", () => messagesOf("header.csv", enc("Title,SKU,Qty\n"))],
    ["broken quoting", () => messagesOf("q.csv", enc('Title,SKU\nA,1\n"B,2\nC,3\n'))],
    [
      "Windows-1252",
      () => messagesOf("w.csv", new Uint8Array([...enc("Title,SKU\nCaf"), 0xe9, ...enc(",1\n")])),
    ],
    [
      "too many columns",
      () => messagesOf("wide.csv", enc(`${"a,".repeat(20)}a\n${"1,".repeat(20)}1\n`), { maxColumns: 10 }),
    ],
    [
      "many columns",
      () => messagesOf("wide.csv", enc(`${"a,".repeat(20)}a\n${"1,".repeat(20)}1\n`), { warnColumns: 10 }),
    ],
    ["too many rows", () => messagesOf("long.csv", enc("a\n1\n2\n3\n"), { maxRows: 2 })],
    ["duplicate headers", () => messagesOf("dup.csv", enc("Title,title\nA,B\n"))],
  ];

  it.each(cases)(
    "%s is explained through a translatable message, in the parser's words in English",
    async (_, make) => {
      const messages = await make();
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) {
        const { i18n, translated } = spyI18n();
        const name = m.code === "not-supported" ? (m.message.match(/"(.*)"/)?.[1] ?? "old.xls") : "f.csv";
        const text = fileMessageText(i18n, m, { name, size: 10 });
        expect(translated(), m.message).toBeGreaterThan(0);
        expect(plain(text)).toBe(plain(m.message));
      }
    },
  );

  it("a file over the size limit names its size and the limit", () => {
    const { i18n } = spyI18n();
    const text = fileMessageText(
      i18n,
      { level: "error", code: "too-large", message: "File too large" },
      { name: "big.csv", size: 100 * 1024 * 1024 },
    );
    expect(text).toBe("This file is 100 MB; files up to 50 MB can be imported. Split it into smaller files.");
  });
});

describe("cell messages", () => {
  it("every problem of a bad row is translated, not passed through", async () => {
    const csv = [
      "Title,SKU,Qty,Price,Condition,Weight,Weight unit,Dimensions,Length,Dimension unit,UPC,Description",
      ",A1,-3,abc,mint,heavy,stone,big,-2,league,1.23457E+11,x",
      "T,A2,,-5,New,-1,lb,1x2x3 in,,,1,x",
      "T,A3,2.5,1.999,New,1,lb,1x2x3,abc,,1,",
    ].join("\n");
    const table = await readImportFile({ name: "bad.csv", bytes: enc(csv) });
    const { mapping } = guessMapping(table.headers);
    const preview = buildImport(table, { mapping });
    const errors = preview.rows.flatMap((r) => r.errors);
    expect(errors.length).toBeGreaterThanOrEqual(14);
    for (const e of errors) {
      const { i18n, translated } = spyI18n();
      const text = cellErrorText(i18n, e);
      expect(translated(), e.message).toBeGreaterThan(0);
      expect(text.length).toBeGreaterThan(0);
    }
    const { i18n } = spyI18n();
    expect(
      cellErrorText(i18n, { column: 2, field: "quantity", message: "Quantity cannot be negative (-3)" }),
    ).toBe("Cannot be negative (-3).");
    expect(cellErrorText(i18n, { column: 0, field: "title", message: "Inventory title is required" })).toBe(
      "This field is required",
    );
  });
});
