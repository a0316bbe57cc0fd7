import { useLingui } from "@lingui/react/macro";
import { ActionIcon, Menu, Tooltip } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { changeLocale, isLocale, LOCALES, type Locale } from "./i18n";

export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const label = t`Language`;
  return (
    <Menu position="bottom-end" width={180} withinPortal>
      <Menu.Target>
        <Tooltip label={label}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(LOCALES) as Locale[]).map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => void changeLocale(code)}
            rightSection={isLocale(i18n.locale) && i18n.locale === code ? <IconCheck size={16} /> : null}
          >
            {LOCALES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
