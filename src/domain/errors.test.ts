import { describe, expect, it } from "vitest";
import { codeForStatus, ERROR_CODES, errorCodeOf } from "./errors";

describe("error codes", () => {
  it("gives each error status its general code", () => {
    expect(codeForStatus(400)).toBe("VALIDATION");
    expect(codeForStatus(401)).toBe("UNAUTHENTICATED");
    expect(codeForStatus(403)).toBe("FORBIDDEN");
    expect(codeForStatus(404)).toBe("NOT_FOUND");
    expect(codeForStatus(409)).toBe("CONFLICT");
    expect(codeForStatus(413)).toBe("PAYLOAD_TOO_LARGE");
    expect(codeForStatus(429)).toBe("RATE_LIMITED");
    expect(codeForStatus(500)).toBe("SERVER_ERROR");
    expect(codeForStatus(502)).toBe("SERVER_ERROR");
    expect(codeForStatus(503)).toBe("UNAVAILABLE");
  });

  it("reads a known code from an error body and ignores anything else", () => {
    expect(errorCodeOf({ code: "IN_FLIGHT", message: "…" })).toBe(ERROR_CODES.IN_FLIGHT);
    expect(errorCodeOf({ code: "SOMETHING_NEW" })).toBeUndefined();
    expect(errorCodeOf({ code: 7 })).toBeUndefined();
    expect(errorCodeOf("IN_FLIGHT")).toBeUndefined();
    expect(errorCodeOf(null)).toBeUndefined();
  });
});
