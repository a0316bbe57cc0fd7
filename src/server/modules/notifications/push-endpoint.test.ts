import { describe, expect, it } from "vitest";
import { endpointProblem } from "./push-endpoint";

describe("endpointProblem", () => {
  it("takes the https endpoints of push services", () => {
    for (const url of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://web.push.apple.com/QGuQ",
    ]) {
      expect(endpointProblem(url, false), url).toBeNull();
    }
  });

  it("refuses http, IP addresses, local names and credentials", () => {
    for (const url of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://127.0.0.1/push",
      "https://[::1]/push",
      "https://10.0.0.5/push",
      "https://localhost/push",
      "https://db/push",
      "https://printer.local/push",
      "https://metadata.internal/push",
      "https://user:pw@fcm.googleapis.com/x",
      "ftp://fcm.googleapis.com/x",
      "not a url",
    ]) {
      expect(endpointProblem(url, false), url).toMatch(/endpoint/);
    }
  });

  it("takes a local http endpoint only when the tests' switch is on", () => {
    expect(endpointProblem("http://127.0.0.1:4000/push/a", true)).toBeNull();
    expect(endpointProblem("file:///etc/passwd", true)).toMatch(/endpoint/);
  });
});
