import { describe, expect, it } from "vitest";
import { TOAST_DURATIONS, TOAST_LIMIT } from "../toast";
import { BASE_RADIUS, BREAKPOINTS_PX, buildTheme, CARD_RADIUS } from "./theme";

/** Spec section 9: the theme's breakpoints, radii, fonts and tooltip timing; toast durations and limit. */
describe("Mantine theme", () => {
  const theme = buildTheme({ colorPreset: "blue", contrast: "normal", responsiveFontSizes: true });

  it("carries the spec's breakpoints (xs 0, sm 600, md 900, lg 1200, xl 1440) in em", () => {
    expect(BREAKPOINTS_PX).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1440 });
    expect(theme.breakpoints).toEqual({ xs: "0em", sm: "37.5em", md: "56.25em", lg: "75em", xl: "90em" });
  });

  it("uses radius 8 as the base shape and 20 on cards", () => {
    expect(BASE_RADIUS).toBe(8);
    expect(CARD_RADIUS).toBe(20);
    expect(theme.defaultRadius).toBe("md");
    expect(theme.radius?.md).toBe("8px");
    expect(theme.components?.Card?.defaultProps).toMatchObject({ radius: 20 });
  });

  it("sets Inter for body text and Plus Jakarta Sans for headings", () => {
    expect(theme.fontFamily?.startsWith("Inter")).toBe(true);
    expect(theme.headings?.fontFamily?.startsWith("'Plus Jakarta Sans'")).toBe(true);
  });

  it("opens tooltips after 100 ms and caps their width at 300 px", () => {
    expect(theme.components?.Tooltip?.defaultProps).toMatchObject({ openDelay: 100, maw: 300 });
    // The touch delays (700 / 1500 ms) are AppTooltip's: see ../tooltip-delays.test.ts.
  });

  it("follows the colour preset and makes headings fluid only with responsive font sizes", () => {
    expect(
      buildTheme({ colorPreset: "purple", contrast: "normal", responsiveFontSizes: true }).primaryColor,
    ).toBe("purple");
    const fixed = buildTheme({ colorPreset: "green", contrast: "high", responsiveFontSizes: false });
    expect(fixed.headings?.sizes?.h1?.fontSize).toBe("3rem");
    expect(theme.headings?.sizes?.h1?.fontSize).toMatch(/^clamp\(/);
  });
});

describe("toasts", () => {
  it("last 4000 ms (blank, error, custom), 2000 ms (success), loading until dismissed; at most 20", () => {
    expect(TOAST_DURATIONS).toEqual({
      blank: 4000,
      error: 4000,
      success: 2000,
      loading: false,
      custom: 4000,
    });
    expect(TOAST_LIMIT).toBe(20);
  });
});
