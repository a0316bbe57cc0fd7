import "../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  CheckIcon,
  ColorSwatch,
  Drawer,
  Group,
  Indicator,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from "@mantine/core";
import { IconRefresh, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useCookieConsent } from "../../lib/cookie-consent";
import { COLOR_PRESETS, type ColorPreset, type Settings } from "../../lib/settings/settings";
import { useSettings } from "../../lib/settings/use-settings";
import { PRESET_MAIN } from "../../ui/theme/theme";
import { AppTooltip } from "../../ui/tooltip";

const SETTINGS_DRAWER_WIDTH = 440;
const SETTINGS_DRAWER_Z_INDEX = 1400;

function Option({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={8}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The analytics choice of the cookie banner, changeable at any time (stored with the banner's flags). */
function AnalyticsSwitch() {
  const { analytics, choose } = useCookieConsent();
  return (
    <Switch
      checked={analytics}
      onChange={(e) => choose(e.currentTarget.checked)}
      label={<Trans>Analytics cookies</Trans>}
      description={
        <Trans>Allow Microsoft Clarity to record how you use the site, to help us improve it.</Trans>
      }
    />
  );
}

/** The App Settings drawer: every setting of spec section 3, reset (dot while custom) and close. */
export function SettingsDrawer() {
  const { t } = useLingui();
  const { settings, isCustom, openDrawer, update, reset, setOpenDrawer } = useSettings();
  const close = () => setOpenDrawer(false);
  const set =
    <K extends keyof Settings>(key: K) =>
    (value: Settings[K]) =>
      update({ [key]: value } as Partial<Settings>);

  const presetNames: Record<ColorPreset, string> = {
    green: t`Green`,
    blue: t`Blue`,
    indigo: t`Indigo`,
    purple: t`Purple`,
  };

  return (
    <Drawer.Root
      opened={openDrawer}
      onClose={close}
      position="right"
      size={SETTINGS_DRAWER_WIDTH}
      zIndex={SETTINGS_DRAWER_Z_INDEX}
    >
      <Drawer.Overlay backgroundOpacity={0.2} />
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title fw={700} fz="lg">
            <Trans>App Settings</Trans>
          </Drawer.Title>
          <Group gap={4}>
            <AppTooltip label={t`Reset`}>
              <Indicator color="red" size={8} offset={4} disabled={!isCustom} processing={false}>
                <ActionIcon variant="subtle" color="gray" onClick={reset} aria-label={t`Reset settings`}>
                  <IconRefresh size={18} />
                </ActionIcon>
              </Indicator>
            </AppTooltip>
            <ActionIcon variant="subtle" color="gray" onClick={close} aria-label={t`Close`}>
              <IconX size={18} />
            </ActionIcon>
          </Group>
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="lg" pt="xs">
            <Option label={<Trans>Primary color</Trans>}>
              <Group gap="sm" role="radiogroup" aria-label={t`Primary color`}>
                {COLOR_PRESETS.map((preset) => {
                  const selected = settings.colorPreset === preset;
                  return (
                    <AppTooltip key={preset} label={presetNames[preset]}>
                      <ColorSwatch
                        component="button"
                        type="button"
                        role="radio"
                        aria-checked={selected}
                        aria-label={presetNames[preset]}
                        color={PRESET_MAIN[preset]}
                        size={36}
                        onClick={() => update({ colorPreset: preset })}
                        style={{ color: "#fff", cursor: "pointer" }}
                      >
                        {selected ? <CheckIcon width={14} /> : null}
                      </ColorSwatch>
                    </AppTooltip>
                  );
                })}
              </Group>
            </Option>
            <Option label={<Trans>Color scheme</Trans>}>
              <SegmentedControl
                fullWidth
                value={settings.paletteMode}
                onChange={(v) => set("paletteMode")(v as Settings["paletteMode"])}
                data={[
                  { value: "light", label: t`Light` },
                  { value: "dark", label: t`Dark` },
                ]}
              />
            </Option>
            <Option label={<Trans>Nav color</Trans>}>
              <SegmentedControl
                fullWidth
                value={settings.navColor}
                onChange={(v) => set("navColor")(v as Settings["navColor"])}
                data={[
                  { value: "blend-in", label: t`Blend-in` },
                  { value: "discrete", label: t`Discrete` },
                  { value: "evident", label: t`Evident` },
                ]}
              />
            </Option>
            <Option label={<Trans>Layout</Trans>}>
              <SegmentedControl
                fullWidth
                value={settings.layout}
                onChange={(v) => set("layout")(v as Settings["layout"])}
                data={[
                  { value: "vertical", label: t`Vertical` },
                  { value: "horizontal", label: t`Horizontal` },
                ]}
              />
            </Option>
            <Option label={<Trans>Content width</Trans>}>
              <SegmentedControl
                fullWidth
                value={settings.stretch ? "wide" : "compact"}
                onChange={(v) => update({ stretch: v === "wide" })}
                data={[
                  { value: "compact", label: t`Compact` },
                  { value: "wide", label: t`Wide` },
                ]}
              />
            </Option>
            <Option label={<Trans>Contrast</Trans>}>
              <SegmentedControl
                fullWidth
                value={settings.contrast}
                onChange={(v) => set("contrast")(v as Settings["contrast"])}
                data={[
                  { value: "normal", label: t`Normal` },
                  { value: "high", label: t`High` },
                ]}
              />
            </Option>
            <Option label={<Trans>Text direction</Trans>}>
              <SegmentedControl
                fullWidth
                value={settings.direction}
                onChange={(v) => set("direction")(v as Settings["direction"])}
                data={[
                  { value: "ltr", label: t`Left to right` },
                  { value: "rtl", label: t`Right to left` },
                ]}
              />
            </Option>
            <Switch
              checked={settings.responsiveFontSizes}
              onChange={(e) => update({ responsiveFontSizes: e.currentTarget.checked })}
              label={<Trans>Responsive font sizes</Trans>}
              description={<Trans>Headings grow and shrink with the screen width.</Trans>}
            />
            <AnalyticsSwitch />
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
