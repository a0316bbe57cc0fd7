import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button } from "@mantine/core";
import { errorText } from "../../lib/error-text";

/** The progress could not be read: the courses still show, with why and a retry. */
export function ProgressError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useLingui();
  return (
    <Alert color="red" role="alert" title={t`Your progress could not be loaded`}>
      {errorText(error)}{" "}
      <Button variant="subtle" size="compact-sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}
