/**
 * While the Data Matrix encoder loads (its own chunk, see datamatrix-loader.ts), or when it could
 * not: the labels that need it are being prepared, or print without it until it loads.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Loader, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { DataMatrixEncoderState } from "./datamatrix-loader";

export function DataMatrixStatus({
  status,
  chosen,
  onRetry,
}: {
  status: DataMatrixEncoderState["status"];
  /** The seller chose Data Matrix for long codes (otherwise it is only offered as a fix). */
  chosen: boolean;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  if (status === "failed")
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t`Data Matrix codes could not be loaded`}
        data-testid="datamatrix-failed"
      >
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {chosen ? (
              <Trans>
                Codes too long for a barcode cannot print as Data Matrix until it loads: they are listed
                below. Check the connection and try again, or choose QR codes.
              </Trans>
            ) : (
              <Trans>
                The fixes below leave out Data Matrix until it loads. Check the connection and try again.
              </Trans>
            )}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Alert>
    );
  return (
    <Group gap="xs" role="status" data-testid="datamatrix-loading">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {chosen ? (
          <Trans>Preparing the Data Matrix codes…</Trans>
        ) : (
          <Trans>Checking which labels fit a Data Matrix…</Trans>
        )}
      </Text>
    </Group>
  );
}
