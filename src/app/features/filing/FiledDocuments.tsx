import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../ui/toast";
import { errorMessage, type FilingDocument, filingQueries, saveFilingDocument } from "./filing-api";

/** What each kind of document is, for its button. */
function useKindLabel() {
  const { t } = useLingui();
  return (d: FilingDocument) => {
    switch (d.kind) {
      case "pdf":
        return t`Worksheet (PDF)`;
      case "csv":
        return t`Figures (CSV)`;
      case "xlsx":
        return t`Workbook (Excel)`;
      case "tc309":
        return t`TC309 checklist (PDF)`;
    }
  };
}

/** On a filed filing: download buttons for what was filed (worksheet PDF, CSV, XLSX, TC309). */
export function FiledDocuments({ filingId }: { filingId: string }) {
  const { t } = useLingui();
  const label = useKindLabel();
  const [saving, setSaving] = useState<string | null>(null);
  const docs = useQuery(filingQueries.documents(filingId));
  const items = docs.data?.items ?? [];

  const download = async (name: string) => {
    setSaving(name);
    try {
      await saveFilingDocument(filingId, name);
    } catch (err) {
      const why = errorMessage(err);
      toast.error(t`The document could not be downloaded: ${why}`);
    } finally {
      setSaving(null);
    }
  };

  if (docs.isPending) return <Loader size="sm" role="status" aria-label={t`Loading the filed documents`} />;
  if (docs.isError) {
    const why = errorMessage(docs.error);
    return (
      <Text size="sm" c="red">
        {t`The filed documents could not be loaded: ${why}`}
      </Text>
    );
  }
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="filed-documents">
      <Title order={4} size="h5">
        <Trans>What we filed</Trans>
      </Title>
      <Group gap="xs" wrap="wrap">
        {items.map((d) => (
          <Button
            key={d.name}
            variant="light"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={saving === d.name}
            onClick={() => download(d.name)}
            title={d.name}
            data-document={d.kind}
          >
            {label(d)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
