import { Trans, useLingui } from "@lingui/react/macro";
import { Alert } from "@mantine/core";
import { IconFlask } from "@tabler/icons-react";

/** The one notice above every template page that shows the sample seed: never the user's data. */
export function SampleDataNotice() {
  const { t } = useLingui();
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconFlask size={18} aria-hidden />}
      title={t`Sample data`}
      data-testid="sample-data-notice"
    >
      <Trans>
        This page shows made-up example figures to demonstrate the layout. They are not your company's data.
      </Trans>
    </Alert>
  );
}
