import { describe, expect, it } from "vitest";
import { eventsUrl, reconnectDelay } from "./use-file-events";

describe("file events stream", () => {
  it("sends the token in the query string, encoded", () => {
    expect(eventsUrl("a.b+c/d")).toBe("/api/events?access_token=a.b%2Bc%2Fd");
  });

  it("waits longer after each failed reconnect, at most 30 s", () => {
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});
