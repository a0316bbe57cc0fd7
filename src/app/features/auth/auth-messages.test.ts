import { i18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../../lib/http";
import { forgotPasswordErrorMessage, registrationErrorMessage } from "./AuthProvider";

beforeAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

const err = (status: number, message: string) =>
  new HttpError(status, message, status >= 500 ? "ERR_BAD_RESPONSE" : "ERR_BAD_REQUEST");

describe("registration error wording (spec section 8)", () => {
  it("names the status class and carries the server's message", () => {
    expect(registrationErrorMessage(err(400, "Password too short"))).toBe("Bad Request: Password too short");
    expect(registrationErrorMessage(err(409, "Email already registered"))).toBe(
      "Conflict: Email already registered",
    );
    expect(registrationErrorMessage(err(500, "Boom"))).toBe("Error: Boom");
  });
  it("falls back to the default text and reports a missing response", () => {
    expect(registrationErrorMessage(err(502, ""))).toBe("Error: An error occurred during registration");
    expect(registrationErrorMessage(new HttpError(0, "x", "ERR_NETWORK"))).toBe(
      "No response received from server",
    );
  });
});

describe("forgot-password error wording (spec section 8)", () => {
  it("maps 400, 404 and other failures", () => {
    expect(forgotPasswordErrorMessage(err(400, "bad"))).toBe("Invalid email address");
    expect(forgotPasswordErrorMessage(err(404, "nope"))).toBe("User not found");
    expect(forgotPasswordErrorMessage(err(500, "x"))).toBe("Failed to send password reset email");
    expect(forgotPasswordErrorMessage(new HttpError(0, "x", "ERR_NETWORK"))).toBe(
      "An error occurred during password reset",
    );
  });
});
