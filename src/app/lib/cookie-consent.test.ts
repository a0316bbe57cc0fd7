import { describe, expect, it, vi } from "vitest";
import {
  ANALYTICS_CONSENT_KEY,
  COOKIE_CONSENT_KEY,
  chooseCookies,
  hasAcceptedCookies,
  hasAnalyticsConsent,
  reopenCookieChoice,
} from "./cookie-consent";

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
};

describe("cookie consent", () => {
  it("is not given until a choice is made, then stays given", () => {
    const s = memory();
    expect(hasAcceptedCookies(s)).toBe(false);
    expect(hasAnalyticsConsent(s)).toBe(false);
    chooseCookies(true, s);
    expect(s.data.get(COOKIE_CONSENT_KEY)).toBe("true");
    expect(COOKIE_CONSENT_KEY).toBe("acceptedCookies");
    expect(hasAcceptedCookies(s)).toBe(true);
    expect(hasAnalyticsConsent(s)).toBe(true);
  });

  it("declining answers the banner but allows no analytics; the choice can be changed", () => {
    const s = memory();
    chooseCookies(false, s);
    expect(hasAcceptedCookies(s)).toBe(true);
    expect(s.data.get(ANALYTICS_CONSENT_KEY)).toBe("denied");
    expect(hasAnalyticsConsent(s)).toBe(false);
    chooseCookies(true, s);
    expect(hasAnalyticsConsent(s)).toBe(true);
    reopenCookieChoice(s);
    // The banner asks again; the answer given stays until another is chosen.
    expect(hasAcceptedCookies(s)).toBe(false);
    expect(hasAnalyticsConsent(s)).toBe(true);
    chooseCookies(false, s);
    expect(hasAnalyticsConsent(s)).toBe(false);
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
    expect(hasAnalyticsConsent(broken)).toBe(false);
    expect(() => chooseCookies(true, broken)).not.toThrow();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
