import { useLingui } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import type { ChatReaderApi } from "../../../domain/chat/types";

/**
 * Under a message: who has read up to it, "Read by Ann and Bob". Company members see the staff as
 * "staff" ("Seen by staff", "Read by Ann and staff"); staff see every name.
 */
export function ReadBy({ readers, staffNames }: { readers: ChatReaderApi[]; staffNames: boolean }) {
  const { t, i18n } = useLingui();
  if (readers.length === 0) return null;
  const names = readers.filter((r) => staffNames || !r.staff).map((r) => r.name);
  const staff = !staffNames && readers.some((r) => r.staff);
  let label: string;
  if (names.length === 0) label = t`Seen by staff`;
  else {
    const list = new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(
      staff ? [...names, t`staff`] : names,
    );
    label = t`Read by ${list}`;
  }
  return (
    <Text size="xs" c="dimmed" ta="right" data-testid="chat-read-by">
      {label}
    </Text>
  );
}
