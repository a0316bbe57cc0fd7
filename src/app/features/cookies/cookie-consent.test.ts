import { describe, expect, it, vi } from "vitest";
import { acceptCookies, COOKIE_CONSENT_KEY, hasAcceptedCookies } from "./cookie-consent";

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
};

describe("cookie consent", () => {
  it("is not given until accepted, then stays given", () => {
    const s = memory();
    expect(hasAcceptedCookies(s)).toBe(false);
    acceptCookies(s);
    expect(s.data.get(COOKIE_CONSENT_KEY)).toBe("true");
    expect(COOKIE_CONSENT_KEY).toBe("acceptedCookies");
    expect(hasAcceptedCookies(s)).toBe(true);
  });

  it("treats an unreadable or blocked storage as not accepted and only logs", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(hasAcceptedCookies(broken)).toBe(false);
    expect(() => acceptCookies(broken)).not.toThrow();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
