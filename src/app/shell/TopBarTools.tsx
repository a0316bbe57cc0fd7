/**
 * The top bar's tools, loaded by TopBar.tsx once the page has painted: the sync state (read from
 * Dexie), the language menu, the company switcher, the notifications bell and the account menu.
 */
import { CompanySwitcher } from "../features/company/CompanySwitcher";
import { NotificationsButton } from "../features/notifications/NotificationsButton";
import { OutboxIndicator } from "../features/sync/OutboxIndicator";
import { LanguageSwitcher } from "../ui/LanguageSwitcher";
import { AccountMenu } from "./AccountMenu";

export default function TopBarTools() {
  return (
    <>
      <OutboxIndicator />
      <LanguageSwitcher />
      <CompanySwitcher />
      <NotificationsButton />
      <AccountMenu />
    </>
  );
}
