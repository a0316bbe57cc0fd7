import { describe, expect, it } from "vitest";
import { photoIdOf, photoRef } from "./photos";

describe("photo references", () => {
  it("a stored photo's reference gives back its id; anything else gives null", () => {
    const id = "0199a3b2-7c4d-7e5f-8a6b-1c2d3e4f5a6b";
    expect(photoRef(id)).toBe(`/api/inventory/photos/${id}`);
    expect(photoIdOf(photoRef(id))).toBe(id);
    expect(photoIdOf(photoRef(id.toUpperCase()))).toBe(id);
    expect(photoIdOf("https://img.example/a.jpg")).toBeNull();
    expect(photoIdOf("/api/inventory/photos/not-an-id")).toBeNull();
    expect(photoIdOf(`/api/inventory/photos/${id}/../x`)).toBeNull();
  });
});
