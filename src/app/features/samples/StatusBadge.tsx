import { useLingui } from "@lingui/react/macro";
import { Badge } from "@mantine/core";
import type { Labelled } from "./sample-labels";

/** A state of the sample seed as a coloured badge (sample-labels.ts). */
export function StatusBadge({ status }: { status: Labelled }) {
  const { t } = useLingui();
  return (
    <Badge variant="light" color={status.color}>
      {t(status.label)}
    </Badge>
  );
}
