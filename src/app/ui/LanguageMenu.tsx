import "./theme/full-styles";
import { ActionIcon, Menu } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { changeLocale, isLocale, LOCALES, type Locale } from "../i18n/i18n";
import { AppTooltip } from "./tooltip";

/** The language menu itself (Mantine Menu + floating-ui), loaded on first use by LanguageSwitcher. */
export default function LanguageMenu({
  label,
  locale,
  defaultOpened,
}: {
  label: string;
  locale: string;
  defaultOpened: boolean;
}) {
  return (
    <Menu position="bottom-end" width={180} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AppTooltip label={label}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
            <IconLanguage size={20} />
          </ActionIcon>
        </AppTooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(LOCALES) as Locale[]).map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => void changeLocale(code)}
            rightSection={isLocale(locale) && locale === code ? <IconCheck size={16} /> : null}
          >
            {LOCALES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
