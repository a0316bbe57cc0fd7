import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["PostgreSQL shutting down", withCode("terminating connection due to administrator command", "57P01")],
    ["PostgreSQL starting up", withCode("the database system is starting up", "57P03")],
    ["a connection exception", withCode("connection failure", "08006")],
    ["a dropped connection", new Error("Connection terminated unexpectedly")],
    [
      "Drizzle's wrapper of any of these",
      new Error("Failed query: select 1", { cause: withCode("x", "ECONNREFUSED") }),
    ],
    [
      "several addresses refused",
      new AggregateError([withCode("a", "ECONNREFUSED"), withCode("b", "ECONNREFUSED")]),
    ],
  ])("is true for %s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode('duplicate key value violates unique constraint "x"', "23505")],
    ["a syntax error", withCode("syntax error at or near", "42601")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("is false for %s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
