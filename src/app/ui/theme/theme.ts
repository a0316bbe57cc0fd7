import {
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from "@mantine/core";
import type { ColorPreset, Contrast } from "../../lib/settings/settings";
import { TOOLTIP_ENTER_DELAY, TOOLTIP_MAX_WIDTH } from "../tooltip-delays";

/** Spec section 9: breakpoints in px, expressed in em as Mantine expects (16 px = 1 em). */
export const BREAKPOINTS_PX = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1440 } as const;
const em = (px: number) => `${px / 16}em`;

export const CARD_RADIUS = 20;
export const BASE_RADIUS = 8;

/** Colour presets of the settings (spec section 3) mapped to Mantine palettes. */
const PRESET_COLORS: Record<ColorPreset, MantineColorsTuple> = {
  green: DEFAULT_THEME.colors.green,
  blue: DEFAULT_THEME.colors.blue,
  indigo: DEFAULT_THEME.colors.indigo,
  purple: DEFAULT_THEME.colors.violet,
};

/** The main colour of each preset, for places outside Mantine (theme-color meta, icons). */
export const PRESET_MAIN: Record<ColorPreset, string> = {
  green: PRESET_COLORS.green[6],
  blue: PRESET_COLORS.blue[6],
  indigo: PRESET_COLORS.indigo[6],
  purple: PRESET_COLORS.purple[6],
};

const BODY_FONT = "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const HEADING_FONT = "'Plus Jakarta Sans', Inter, system-ui, sans-serif";

/** Heading sizes: fluid (clamp) when responsive font sizes are on, fixed otherwise. */
function headingSizes(responsive: boolean) {
  const fluid = (min: number, max: number) =>
    responsive ? `clamp(${min}rem, ${min}rem + ${((max - min) * 100) / 60}vw, ${max}rem)` : `${max}rem`;
  return {
    h1: { fontSize: fluid(2, 3), lineHeight: "1.2", fontWeight: "700" },
    h2: { fontSize: fluid(1.6, 2.25), lineHeight: "1.25", fontWeight: "700" },
    h3: { fontSize: fluid(1.35, 1.75), lineHeight: "1.3", fontWeight: "700" },
    h4: { fontSize: fluid(1.15, 1.35), lineHeight: "1.35", fontWeight: "700" },
    h5: { fontSize: "1.125rem", lineHeight: "1.4", fontWeight: "600" },
    h6: { fontSize: "1rem", lineHeight: "1.45", fontWeight: "600" },
  };
}

export interface ThemeOptions {
  colorPreset: ColorPreset;
  contrast: Contrast;
  responsiveFontSizes: boolean;
}

export function buildTheme({
  colorPreset,
  contrast,
  responsiveFontSizes,
}: ThemeOptions): MantineThemeOverride {
  const high = contrast === "high";
  return createTheme({
    primaryColor: colorPreset,
    // WCAG AA: white text on Mantine's shade 6 blues/violets is under 4.5:1; shade 8 passes.
    primaryShade: high ? { light: 9, dark: 5 } : { light: 8, dark: 8 },
    autoContrast: true,
    // autoContrast picks black text above this luminance: 0.18 is where white stops reaching 4.5:1.
    luminanceThreshold: 0.18,
    colors: { purple: PRESET_COLORS.purple },
    fontFamily: BODY_FONT,
    headings: { fontFamily: HEADING_FONT, sizes: headingSizes(responsiveFontSizes) },
    breakpoints: {
      xs: em(BREAKPOINTS_PX.xs),
      sm: em(BREAKPOINTS_PX.sm),
      md: em(BREAKPOINTS_PX.md),
      lg: em(BREAKPOINTS_PX.lg),
      xl: em(BREAKPOINTS_PX.xl),
    },
    defaultRadius: "md",
    radius: { xs: "2px", sm: "4px", md: `${BASE_RADIUS}px`, lg: "12px", xl: `${CARD_RADIUS}px` },
    components: {
      Card: { defaultProps: { radius: CARD_RADIUS, withBorder: true } },
      Paper: { defaultProps: { radius: "md" } },
      // Links in running text must not rely on colour alone (WCAG 1.4.1); opt out with underline="never".
      Anchor: { defaultProps: { underline: "always" } },
      // A toast's description under its title is gray-6 in Mantine (3.3:1 on white): the theme's
      // dimmed colour meets WCAG AA (4.5:1) in both schemes.
      Notification: { styles: { description: { color: "var(--mantine-color-dimmed)" } } },
      // A closed Select's or Autocomplete's list is not rendered: Mantine keeps it mounted (hidden)
      // and positions it on mount, a forced style recalculation in the first render of every page
      // with a select (docs/benchmarks.md, issue 19).
      Combobox: { defaultProps: { keepMounted: false } },
      // Wide tables scroll with the browser's own scrollbar: Mantine's ScrollArea measures itself
      // and renders again after every mount and resize, in the page's first task.
      TableScrollContainer: { defaultProps: { type: "native" } },
      // Spec section 9: tooltip delays and width (touch delays: AppTooltip, ../tooltip).
      Tooltip: {
        defaultProps: {
          openDelay: TOOLTIP_ENTER_DELAY,
          maw: TOOLTIP_MAX_WIDTH,
          multiline: true,
          events: { hover: true, focus: true, touch: true },
        },
      },
    },
    other: { contrast, cardRadius: CARD_RADIUS },
  });
}

/** High contrast: dimmed text becomes regular text colour and borders get darker. */
export function cssVariablesResolver(contrast: Contrast): CSSVariablesResolver {
  return (theme): ConvertCSSVariablesInput => {
    // "light" variants (tinted background, coloured text: Badge, Avatar initials, light Buttons)
    // use shade 8-9 text, which misses 4.5:1 on its own tint for most palettes: darken it.
    const lightText: Record<string, string> = {
      "--mantine-primary-color-light-color": "color-mix(in srgb, var(--mantine-primary-color-9) 75%, black)",
    };
    for (const name of Object.keys(theme.colors)) {
      lightText[`--mantine-color-${name}-light-color`] =
        `color-mix(in srgb, var(--mantine-color-${name}-9) 75%, black)`;
    }
    if (contrast !== "high") {
      // Mantine's default dimmed text (gray-6 / dark-2) and anchor blue miss WCAG AA (4.5:1).
      return {
        variables: {},
        light: {
          ...lightText,
          "--mantine-color-dimmed": "#636a75",
          "--mantine-color-anchor": "var(--mantine-primary-color-filled)",
          // Field errors: Mantine's red-6 is 3.3:1 on white; red-8 reaches 4.5:1.
          "--mantine-color-error": "var(--mantine-color-red-8)",
        },
        dark: {
          "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
          "--mantine-color-anchor": "var(--mantine-primary-color-4)",
        },
      };
    }
    return {
      variables: {},
      light: {
        ...lightText,
        "--mantine-color-dimmed": "var(--mantine-color-gray-8)",
        "--mantine-color-default-border": "var(--mantine-color-gray-6)",
        "--mantine-color-text": "#000",
        "--mantine-color-error": "var(--mantine-color-red-9)",
      },
      dark: {
        "--mantine-color-dimmed": "var(--mantine-color-dark-0)",
        "--mantine-color-default-border": "var(--mantine-color-dark-2)",
        "--mantine-color-text": "#fff",
        "--mantine-color-body": "#000",
      },
    };
  };
}
