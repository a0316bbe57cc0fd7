/** The top bar's sync indicator in words (its accessible name and tooltip). */
import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { OutboxStatus } from "../../offline/use-outbox-status";

export function outboxLabel(i18n: I18n, s: OutboxStatus): string {
  const parts: string[] = [];
  if (s.waiting > 0)
    parts.push(
      i18n._(
        msg`${plural(s.waiting, { one: "# change waiting to sync", other: "# changes waiting to sync" })}`,
      ),
    );
  if (s.rejected > 0)
    parts.push(i18n._(msg`${plural(s.rejected, { one: "# rejected", other: "# rejected" })}`));
  if (s.conflicts > 0)
    parts.push(
      i18n._(msg`${plural(s.conflicts, { one: "# needs your choice", other: "# need your choice" })}`),
    );
  return parts.length ? parts.join(", ") : i18n._(msg`All changes synced`);
}
