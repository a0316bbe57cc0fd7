import { describe, expect, it } from "vitest";
import { showSettingsButton } from "./settings-button-visibility";

describe("settings button visibility", () => {
  it("always shows for visitors who are not signed in", () => {
    for (const path of ["/", "/pricing", "/dashboard/import-file", "/take-inventory-photo/abc"]) {
      expect(showSettingsButton(false, path)).toBe(true);
    }
  });

  it("shows for signed-in users only on the inventory-photo page", () => {
    expect(showSettingsButton(true, "/take-inventory-photo/abc123")).toBe(true);
    expect(showSettingsButton(true, "/dashboard/import-file")).toBe(false);
    expect(showSettingsButton(true, "/")).toBe(false);
    expect(showSettingsButton(true, "/take-inventory-photos")).toBe(false);
  });
});
