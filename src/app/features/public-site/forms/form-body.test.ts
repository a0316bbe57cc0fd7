import { describe, expect, it } from "vitest";
import { contactBody, demoBody, fieldOfServerMessage, isPlausiblePhone } from "./form-body";

describe("public form bodies", () => {
  it("trims the contact form and leaves empty optional fields out", () => {
    expect(
      contactBody({ name: " Ana ", email: " ana@example.com ", company: "  ", phone: "", message: " Hi " }),
    ).toEqual({
      name: "Ana",
      email: "ana@example.com",
      message: "Hi",
    });
    expect(
      contactBody({ name: "A", email: "a@b.co", company: "Acme", phone: "+1 212 555 0100", message: "x" }),
    ).toMatchObject({ company: "Acme", phone: "+1 212 555 0100" });
  });

  it("sends only a known interest and a non-empty message with a demo request", () => {
    expect(
      demoBody({ name: "A", email: "a@b.co", company: "", phone: "", interest: null, message: " " }),
    ).toEqual({
      name: "A",
      email: "a@b.co",
    });
    expect(
      demoBody({ name: "A", email: "a@b.co", company: "", phone: "", interest: "both", message: "Tuesdays" }),
    ).toEqual({ name: "A", email: "a@b.co", interest: "both", message: "Tuesdays" });
    expect(
      demoBody({ name: "A", email: "a@b.co", company: "", phone: "", interest: "crypto", message: "" }),
    ).not.toHaveProperty("interest");
  });
});

describe("server validation messages", () => {
  const fields = ["name", "email", "message"] as const;
  it("finds the field the server names", () => {
    expect(fieldOfServerMessage('Invalid request body: "email" must match format "email"', fields)).toBe(
      "email",
    );
    expect(fieldOfServerMessage('Invalid request body: "name" is required', fields)).toBe("name");
  });
  it("answers null when no form field is named", () => {
    expect(fieldOfServerMessage('Invalid request body: unknown field "admin"', fields)).toBeNull();
    expect(fieldOfServerMessage("Too many requests", fields)).toBeNull();
  });
});

describe("phone numbers", () => {
  it("accepts empty and usual formats, refuses letters and overlong input", () => {
    expect(isPlausiblePhone("")).toBe(true);
    expect(isPlausiblePhone("+1 (212) 555-0147")).toBe(true);
    expect(isPlausiblePhone("call me")).toBe(false);
    expect(isPlausiblePhone("1".repeat(41))).toBe(false);
    expect(isPlausiblePhone("---")).toBe(false);
  });
});
