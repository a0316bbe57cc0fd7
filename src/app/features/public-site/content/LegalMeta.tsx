import { Trans, useLingui } from "@lingui/react/macro";
import { Text } from "@mantine/core";

/** Date the privacy policy and terms last changed (ISO). */
const LEGAL_UPDATED = "2026-11-22";

export function LastUpdated() {
  const { i18n } = useLingui();
  const date = i18n.date(new Date(`${LEGAL_UPDATED}T12:00:00Z`), { dateStyle: "long" });
  return (
    <Text fz="sm" c="dimmed" mb="xl">
      <Trans>Last updated: {date}</Trans>
    </Text>
  );
}
