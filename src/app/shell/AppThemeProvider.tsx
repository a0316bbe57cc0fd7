import "../ui/theme/critical-styles";
import "../ui/theme/fonts";
import { DirectionProvider, MantineProvider, useDirection } from "@mantine/core";
import { type ReactNode, useEffect, useMemo } from "react";
import { useSettings } from "../lib/settings/use-settings";
import { buildTheme, cssVariablesResolver, PRESET_MAIN } from "../ui/theme/theme";

/** Keeps Mantine's direction (and <html dir>) in step with the direction setting. */
function DirectionSync({ direction }: { direction: "ltr" | "rtl" }) {
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(direction);
  }, [direction, setDirection]);
  return null;
}

/** Mantine theme built from the user's settings: preset colour, light/dark, contrast, font sizes, RTL. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const { colorPreset, contrast, responsiveFontSizes, paletteMode, direction } = settings;
  const theme = useMemo(
    () => buildTheme({ colorPreset, contrast, responsiveFontSizes }),
    [colorPreset, contrast, responsiveFontSizes],
  );
  const resolver = useMemo(() => cssVariablesResolver(contrast), [contrast]);

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", PRESET_MAIN[colorPreset]);
  }, [colorPreset]);

  return (
    <DirectionProvider initialDirection={direction} detectDirection={false}>
      <DirectionSync direction={direction} />
      {/* defaultColorScheme too: Mantine's layout effect sets it before the forced one applies,
          so a dark visitor never gets a light frame (notably while a prerendered page hydrates). */}
      <MantineProvider
        theme={theme}
        forceColorScheme={paletteMode}
        defaultColorScheme={paletteMode}
        cssVariablesResolver={resolver}
      >
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
