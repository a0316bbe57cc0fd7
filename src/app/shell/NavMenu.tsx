import { useLingui } from "@lingui/react/macro";
import { NavLink, Stack } from "@mantine/core";
import { Link, useLocation } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useAuth } from "../features/auth/auth-context";
import { AfterIdle } from "../ui/after-idle";
import { retryingLazy } from "../ui/retrying-lazy";
import { NAV_ICONS, NAV_LABELS, SECTION_LABELS } from "./nav-presentation";
import { containsActive, isItemActive, type NavItem, visibleSections } from "./nav-sections";
import classes from "./Shell.module.css";

// The unread count asks the API for the chat threads and listens to the live channel: it loads
// once the page has painted (ui/after-idle.tsx), not before the page's own code and data.
const ChatUnreadBadge = retryingLazy(() =>
  import("../features/chat/ChatUnreadBadge").then((m) => m.ChatUnreadBadge),
);

function NavEntry({ item, pathname, depth }: { item: NavItem; pathname: string; depth: number }) {
  const { i18n } = useLingui();
  const Icon = NAV_ICONS[item.key];
  const label = i18n._(NAV_LABELS[item.key]);
  const holdsCurrent = containsActive(item, pathname);
  const [opened, setOpened] = useState(holdsCurrent);
  // A group opens by itself when the current page moves inside it.
  useEffect(() => {
    if (holdsCurrent) setOpened(true);
  }, [holdsCurrent]);

  if (item.children) {
    return (
      <NavLink
        component="button"
        type="button"
        className={classes.link}
        label={label}
        leftSection={<Icon size={20} stroke={1.6} />}
        opened={opened}
        onChange={setOpened}
        childrenOffset={depth === 0 ? 28 : 16}
        classNames={{ chevron: classes.chevron }}
        aria-expanded={opened}
      >
        {item.children.map((child) => (
          <NavEntry key={child.key} item={child} pathname={pathname} depth={depth + 1} />
        ))}
      </NavLink>
    );
  }
  const active = isItemActive(item, pathname);
  return (
    <NavLink
      component={Link}
      // Some targets are built by later work; unknown paths show the 404 page.
      to={item.path as never}
      className={classes.link}
      label={label}
      leftSection={depth === 0 ? <Icon size={20} stroke={1.6} /> : undefined}
      rightSection={
        item.key === "userChat" ? (
          <AfterIdle>
            <ChatUnreadBadge />
          </AfterIdle>
        ) : undefined
      }
      active={active}
      aria-current={active ? "page" : undefined}
    />
  );
}

/** The vertical navigation: sections with uppercase subheaders, nested groups, active highlight. */
export function NavMenu() {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <Stack gap="md" component="nav" aria-label={t`Main navigation`}>
      {visibleSections(user).map((section) => (
        <div key={section.key}>
          <div className={classes.subheader}>{i18n._(SECTION_LABELS[section.key])}</div>
          <Stack gap={2}>
            {section.items.map((item) => (
              <NavEntry key={item.key} item={item} pathname={pathname} depth={0} />
            ))}
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
