import { describe, expect, it } from "vitest";
import { isEmail, normalizeEmail } from "./email";

describe("email addresses", () => {
  it.each(["ana@example.com", "a.b+tag@sub.example.co", "X_Y@EXAMPLE.ORG"])("accepts %s", (e) => {
    expect(isEmail(e)).toBe(true);
  });
  it.each(["", "ana", "ana@", "@example.com", "ana@example", "ana example@x.com", "ana@-x.com"])(
    "refuses %j",
    (e) => {
      expect(isEmail(e)).toBe(false);
    },
  );
  it("normalises case and spaces", () => {
    expect(normalizeEmail("  Ana@Example.COM ")).toBe("ana@example.com");
  });
  it("throws a 400 with the spec's message", () => {
    expect(() => normalizeEmail("nope")).toThrow("Invalid email address");
  });
});
