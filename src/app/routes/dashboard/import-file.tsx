import { Trans, useLingui } from "@lingui/react/macro";
import { Title } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle";

// Placeholder: the invoice/import dashboard page (landing after login). The import helper replaces it.
function ImportFilePage() {
  const { t } = useLingui();
  usePageTitle(t`Upload File`);
  return (
    <Title order={1}>
      <Trans>Upload File</Trans>
    </Title>
  );
}

export const Route = createFileRoute("/dashboard/import-file")({
  component: ImportFilePage,
});
