import { MantineProvider, Notification } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildTheme } from "./theme";

/** A toast's description under its title (Mantine: gray-6, 3.3:1 on white) takes the AA dimmed colour. */
describe("toast contrast", () => {
  it("draws a titled toast's description in the theme's dimmed colour", () => {
    const html = renderToStaticMarkup(
      <MantineProvider
        theme={buildTheme({ colorPreset: "blue", contrast: "normal", responsiveFontSizes: true })}
      >
        <Notification title="Upload failed">scan.pdf could not be read</Notification>
      </MantineProvider>,
    );
    const description = /<div[^>]*style="([^"]*)"[^>]*data-with-title[^>]*>scan\.pdf could not be read</.exec(
      html,
    );
    expect(description?.[1]).toContain("color:var(--mantine-color-dimmed)");
  });
});
