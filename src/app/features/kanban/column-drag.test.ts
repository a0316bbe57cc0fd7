import type { Active, DroppableContainer } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { keysBetween, positionAt } from "../../../domain/sync/order-key";
import { boardCollisions, COLUMN_DRAG, columnDragId, columnDropIndex } from "./column-drag";

const rect = (left: number, top = 0, width = 280, height = 400) => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

describe("dragging columns", () => {
  it("a drop over another column takes its place, written as one key between the new neighbours", () => {
    const keys = keysBetween(null, null, 3);
    const columns = ["a", "b", "c"].map((id, i) => ({ id, position: keys[i] as string }));
    const order = columns.map((c) => c.id);
    expect(columnDropIndex(order, "a", "c")).toBe(2);
    expect(columnDropIndex(order, "c", "a")).toBe(0);
    expect(columnDropIndex(order, "b", "b")).toBeNull();
    expect(columnDropIndex(order, "b", null)).toBeNull();
    expect(columnDropIndex(order, "b", "gone")).toBeNull();
    // a → after c: one new key for a, sorted after c
    const moved = columns.map((c) => (c.id === "a" ? { ...c, position: positionAt(columns, "a", 2) } : c));
    expect([...moved].sort((x, y) => (x.position < y.position ? -1 : 1)).map((c) => c.id)).toEqual([
      "b",
      "c",
      "a",
    ]);
  });

  it("a column only meets columns and a task only task lists and cards", () => {
    const container = (id: string, type: string, left: number) =>
      ({
        id,
        key: id,
        data: { current: { type, columnId: id } },
        rect: { current: rect(left) },
      }) as unknown as DroppableContainer;
    const containers = [
      container(columnDragId("c1"), COLUMN_DRAG, 0),
      container(columnDragId("c2"), COLUMN_DRAG, 300),
      container("c2", "column", 300),
      container("t1", "task", 300),
    ];
    const droppableRects = new Map(
      containers.map((c) => [c.id, c.rect.current as NonNullable<typeof c.rect.current>]),
    );
    const active = (type: string) => ({ id: "x", data: { current: { type } } }) as unknown as Active;
    const args = (type: string) => ({
      active: active(type),
      collisionRect: rect(300),
      droppableRects,
      droppableContainers: containers,
      pointerCoordinates: null,
    });
    const ids = (type: string) => boardCollisions(args(type)).map((c) => String(c.id));
    expect(ids(COLUMN_DRAG)[0]).toBe(columnDragId("c2"));
    expect(ids(COLUMN_DRAG).every((id) => id.startsWith("column:"))).toBe(true);
    expect(ids("task").some((id) => id.startsWith("column:"))).toBe(false);
    expect(ids("task")).toContain("c2");
  });
});
