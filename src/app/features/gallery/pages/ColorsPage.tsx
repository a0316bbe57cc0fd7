import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Group, SimpleGrid, Stack, Text, useMantineTheme } from "@mantine/core";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

/** The semantic tokens screens use instead of fixed colours (theme.ts sets the AA-safe ones). */
const SEMANTIC = [
  "--mantine-color-body",
  "--mantine-color-text",
  "--mantine-color-dimmed",
  "--mantine-color-default-border",
  "--mantine-color-anchor",
  "--mantine-primary-color-filled",
  "--mantine-primary-color-light",
  "--mantine-primary-color-light-color",
  "--mantine-color-error",
  "--mantine-color-placeholder",
] as const;

const paletteCode = `const theme = useMantineTheme();
theme.primaryColor; // the settings' colour preset
Object.entries(theme.colors); // [name, ten shades]
<Box bg="blue.8" />; // a shade by name`;

const semanticCode = `// Use the role, not the shade: each follows light/dark and high contrast.
<Text c="dimmed">Secondary text</Text>
<Box bg="var(--mantine-primary-color-filled)" />
<Box style={{ border: "1px solid var(--mantine-color-default-border)" }} />`;

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Box
        w={28}
        h={28}
        bg={color}
        style={{
          borderRadius: "var(--mantine-radius-sm)",
          border: "1px solid var(--mantine-color-default-border)",
          flexShrink: 0,
        }}
        aria-hidden
      />
      <Text size="xs" style={{ overflowWrap: "anywhere" }} miw={0}>
        {label}
      </Text>
    </Group>
  );
}

/** /components/colors: the theme's palette and semantic tokens, read from the live theme. */
export default function ColorsPage() {
  const { t } = useLingui();
  const theme = useMantineTheme();
  return (
    <GalleryPage
      title={t`Colors`}
      intro={
        <Trans>
          The palette of the running theme. Primary colour now: {theme.primaryColor} (shade{" "}
          {typeof theme.primaryShade === "number" ? theme.primaryShade : theme.primaryShade.light}).
        </Trans>
      }
    >
      <Example
        title={t`Semantic tokens`}
        description={<Trans>They follow the colour scheme and the high-contrast setting.</Trans>}
        code={semanticCode}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="semantic-tokens">
          {SEMANTIC.map((name) => (
            <Swatch key={name} color={`var(${name})`} label={name} />
          ))}
        </SimpleGrid>
      </Example>
      <Example title={t`Palette`} code={paletteCode}>
        <Stack gap="md" data-testid="palette">
          {Object.entries(theme.colors).map(([name, shades]) => (
            <Stack key={name} gap={4}>
              <Text fw={600} size="sm">
                {name}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing={6}>
                {shades.map((hex, i) => (
                  <Swatch key={hex + String(i)} color={hex} label={`${i} ${hex}`} />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </Example>
    </GalleryPage>
  );
}
