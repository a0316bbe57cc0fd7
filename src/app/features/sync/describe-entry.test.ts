import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "../../../sync/db";
import { formatValue } from "../inventory/record-fields";
import { entityName, entryAction, fieldName, recordLabel, writtenFields } from "./describe-entry";
import { outboxLabel } from "./outbox-label";

const i18n = setupI18n({ locale: "en", messages: { en: {} } });

const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
  seq: 1,
  companyId: "c1",
  entity: "item",
  id: "i1",
  method: "PATCH",
  url: "/api/inventory/items/i1",
  body: null,
  idempotencyKey: "k",
  baseVersion: 1,
  base: null,
  state: "waiting",
  error: null,
  lastStatus: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  attempts: 0,
  notBefore: null,
  ...over,
});

describe("a queued write in words", () => {
  it("tells creates, changes, deletions and import chunks apart", () => {
    expect(entryAction(entry({ method: "PUT", baseVersion: null }))).toBe("create");
    expect(entryAction(entry({ method: "PUT", baseVersion: 3 }))).toBe("update");
    expect(entryAction(entry({ method: "PATCH" }))).toBe("update");
    expect(entryAction(entry({ method: "DELETE" }))).toBe("delete");
    expect(entryAction(entry({ method: "POST", bulk: { count: 1000, batchId: null } }))).toBe("import");
    // a chat message written offline: an appended record, a new one
    expect(entryAction(entry({ method: "POST", baseVersion: null }))).toBe("create");
  });

  it("lists the fields the person wrote in the record's order, without the version", () => {
    const e = entry({ body: { quantity: 4, title: "Lamp", version: 2, location: "B-2" } });
    expect(writtenFields(e)).toEqual([
      ["title", "Lamp"],
      ["quantity", 4],
      ["location", "B-2"],
    ]);
    expect(
      writtenFields(entry({ method: "POST", body: { items: [] }, bulk: { count: 0, batchId: null } })),
    ).toEqual([]);
  });

  it("shows values as a person reads them", () => {
    expect(formatValue(i18n, "price", 1250)).toBe("$12.50");
    expect(formatValue(i18n, "price", null)).toBe("—");
    expect(formatValue(i18n, "condition", 5)).toBe("New");
    expect(formatValue(i18n, "status", "awaiting_shipment")).toBe("Awaiting shipment");
    expect(
      formatValue(i18n, "dimensions", { length: 20, width: 15.5, height: null, unit: "CENTIMETER" }),
    ).toBe("20 × 15.5 × — cm");
    expect(formatValue(i18n, "dimensions", { length: null, width: null, height: null, unit: "INCH" })).toBe(
      "—",
    );
    expect(formatValue(i18n, "weight", { value: 40, unit: "OUNCE" })).toBe("40 oz");
    expect(formatValue(i18n, "photos", ["a", "b"])).toBe("2 pictures");
    expect(formatValue(i18n, "quantity", 1200)).toBe("1,200");
  });

  it("names fields and records", () => {
    expect(fieldName(i18n, "item", "title")).toBe("Inventory title");
    expect(fieldName(i18n, "product", "title")).toBe("Title");
    expect(fieldName(i18n, "batch", "name")).toBe("Batch name");
    expect(recordLabel(entry({ body: { quantity: 1 } }), { title: "Desk" })).toBe("Desk");
    expect(recordLabel(entry({ body: null, base: { title: "Old desk" } }), null)).toBe("Old desk");
    expect(recordLabel(entry({ body: null }), null)).toBe("i1");
  });

  it("names kanban records by their title, name or text, never by a raw id", () => {
    expect(entityName(i18n, "kanban-task")).toBe("Task");
    expect(entityName(i18n, "kanban-column")).toBe("Column");
    expect(fieldName(i18n, "kanban-task", "columnId")).toBe("Column");
    expect(fieldName(i18n, "kanban-comment", "body")).toBe("Comment");
    const task = { entity: "kanban-task", id: "t1" };
    expect(
      recordLabel(entry({ ...task, body: { position: "a1", version: 2 } }), { title: "Fix the leak" }),
    ).toBe("Fix the leak");
    expect(recordLabel(entry({ entity: "kanban-column", body: { name: "Doing" } }), null)).toBe("Doing");
    expect(
      recordLabel(entry({ entity: "kanban-comment", body: { taskId: "t1", body: "x".repeat(80) } }), null),
    ).toBe(`${"x".repeat(59)}…`);
  });

  it("names calendar and mail records and their fields in words", () => {
    expect(entityName(i18n, "calendar-event")).toBe("Calendar event");
    expect(entityName(i18n, "mail-message")).toBe("Mail");
    expect(entityName(i18n, "mail-label")).toBe("Mail label");
    expect(fieldName(i18n, "calendar-event", "start")).toBe("Starts");
    expect(fieldName(i18n, "mail-message", "to")).toBe("To");
    expect(fieldName(i18n, "mail-message", "html")).toBe("Message");
    expect(
      recordLabel(entry({ entity: "mail-message", body: { read: true, version: 3 } }), { subject: "Lease" }),
    ).toBe("Lease");
  });
});

describe("the top bar's sync indicator", () => {
  it("names what waits, what was refused and what needs a choice", () => {
    expect(outboxLabel(i18n, { waiting: 0, rejected: 0, conflicts: 0 })).toBe("All changes synced");
    expect(outboxLabel(i18n, { waiting: 3, rejected: 1, conflicts: 0 })).toBe(
      "3 changes waiting to sync, 1 rejected",
    );
    expect(outboxLabel(i18n, { waiting: 1, rejected: 0, conflicts: 2 })).toBe(
      "1 change waiting to sync, 2 need your choice",
    );
  });
});
