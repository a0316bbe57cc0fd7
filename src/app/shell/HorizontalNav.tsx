import { useLingui } from "@lingui/react/macro";
import { Button, Group, Menu, ScrollArea } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { Link, useLocation } from "@tanstack/react-router";
import { useAuth } from "../features/auth/auth-context";
import { NAV_ICONS, NAV_LABELS, SECTION_LABELS } from "./nav-presentation";
import { containsActive, isItemActive, type NavItem, visibleSections } from "./nav-sections";

/** Flattens groups: a horizontal menu lists every link of a section in one dropdown. */
function links(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((i) => (i.children ? links(i.children) : [i]));
}

/** The horizontal layout (settings.layout = "horizontal", large screens): one menu per section. */
export function HorizontalNav() {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <ScrollArea type="never" h="100%">
      <Group component="nav" aria-label={t`Main navigation`} gap={4} h="100%" px="md" wrap="nowrap">
        {visibleSections(user).map((section) => {
          const active = section.items.some((i) => containsActive(i, pathname));
          return (
            <Menu key={section.key} position="bottom-start" width={260} trigger="click-hover" closeDelay={50}>
              <Menu.Target>
                <Button
                  variant={active ? "light" : "subtle"}
                  color={active ? undefined : "gray"}
                  size="compact-md"
                  rightSection={<IconChevronDown size={14} />}
                >
                  {i18n._(SECTION_LABELS[section.key])}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {links(section.items).map((item) => {
                  const Icon = NAV_ICONS[item.key];
                  const current = isItemActive(item, pathname);
                  return (
                    <Menu.Item
                      key={item.key}
                      component={Link}
                      to={item.path as never}
                      leftSection={<Icon size={16} />}
                      color={current ? "var(--mantine-primary-color-filled)" : undefined}
                      fw={current ? 600 : undefined}
                      aria-current={current ? "page" : undefined}
                    >
                      {i18n._(NAV_LABELS[item.key])}
                    </Menu.Item>
                  );
                })}
              </Menu.Dropdown>
            </Menu>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
