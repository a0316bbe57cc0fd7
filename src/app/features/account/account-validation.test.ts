import { describe, expect, it } from "vitest";
import { isHttpUrl, profileChange, validatePassword, validateProfile } from "./account-validation";

describe("profile form checks", () => {
  const ok = { displayName: "Rosa", photo: "", phoneNumber: "" };
  it("accepts a name alone and an http(s) photo", () => {
    expect(validateProfile(ok)).toEqual({});
    expect(validateProfile({ ...ok, photo: "https://cdn.example.com/r.png" })).toEqual({});
  });
  it("names each problem", () => {
    expect(validateProfile({ ...ok, displayName: "   " })).toEqual({ displayName: "nameRequired" });
    expect(validateProfile({ ...ok, displayName: "x".repeat(121) })).toEqual({ displayName: "nameTooLong" });
    expect(validateProfile({ ...ok, photo: "ftp://x/y.png" })).toEqual({ photo: "photoInvalid" });
    expect(validateProfile({ ...ok, phoneNumber: "1".repeat(41) })).toEqual({ phoneNumber: "phoneTooLong" });
  });
  it("only treats http and https addresses as photo URLs", () => {
    expect(isHttpUrl("http://a.b/c")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpUrl("photo.png")).toBe(false);
    expect(isHttpUrl("https://a.b/c d")).toBe(false);
  });
  it("sends empty photo and phone as null", () => {
    expect(profileChange({ displayName: " Rosa ", photo: " ", phoneNumber: "" })).toEqual({
      displayName: "Rosa",
      photo: null,
      phoneNumber: null,
    });
  });
});

describe("password form checks", () => {
  it("requires the current password, 8+ characters and a matching confirmation", () => {
    expect(
      validatePassword({ currentPassword: "old", newPassword: "12345678", confirmPassword: "12345678" }),
    ).toEqual({});
    expect(validatePassword({ currentPassword: "", newPassword: "1234567", confirmPassword: "x" })).toEqual({
      currentPassword: "currentRequired",
      newPassword: "newTooShort",
      confirmPassword: "mismatch",
    });
  });
});
