import { useLingui } from "@lingui/react/macro";
import { ActionIcon } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";

// The menu (and floating-ui behind it) is not part of the first page load: it is fetched
// when the pointer or focus reaches the button, and shown on the first click.
const loadMenu = () => import("./LanguageMenu");
const LanguageMenu = lazy(loadMenu);

export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const label = t`Language`;
  const [wanted, setWanted] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted(true)}
    >
      <IconLanguage size={20} />
    </ActionIcon>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu label={label} locale={i18n.locale} defaultOpened />
    </Suspense>
  );
}
