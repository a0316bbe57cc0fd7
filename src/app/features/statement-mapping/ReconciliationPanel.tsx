import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle, IconCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import type { ReconciliationFlag } from "./api";
import { StatementTotals } from "./StatementTotals";
import type { MappingEditor } from "./use-mapping-editor";

/** An explanation goes into the document as it is typed ("Mark ready" follows at once). */
function ExplanationField({ flag, editor }: { flag: ReconciliationFlag; editor: MappingEditor }) {
  const { t } = useLingui();
  const stored = editor.doc?.explanations[flag.id] ?? "";
  const [value, setValue] = useState(stored);
  useEffect(() => setValue(stored), [stored]);
  const change = (next: string) => {
    setValue(next);
    editor.edit((d) => {
      const explanations = { ...d.explanations };
      if (next.trim()) explanations[flag.id] = next;
      else delete explanations[flag.id];
      return { ...d, explanations };
    });
  };
  return (
    <Textarea
      label={t`Explanation`}
      description={t`Why this is right as it is`}
      value={value}
      onChange={(e) => change(e.currentTarget.value)}
      autosize
      minRows={1}
      disabled={editor.readOnly}
      size="xs"
    />
  );
}

/** Differences, unmapped lines and negatives, each to fix or explain; "Mark ready" waits for all of them. */
export function ReconciliationPanel({
  editor,
  onShowLine,
}: {
  editor: MappingEditor;
  onShowLine: (id: string) => void;
}) {
  const { t } = useLingui();
  const rec = editor.reconciliation;
  const flags = rec?.flags ?? [];
  const open = flags.filter((f) => !f.resolved);
  return (
    <Stack gap="sm" data-testid="reconciliation">
      <Group justify="space-between">
        <Text fw={600}>
          <Trans>Reconciliation</Trans>
        </Text>
        {rec?.ready ? (
          <Badge color="green" leftSection={<IconCheck size={12} />}>
            <Trans>All resolved</Trans>
          </Badge>
        ) : (
          <Badge color="orange">{t`${open.length} to resolve`}</Badge>
        )}
      </Group>
      <StatementTotals rows={editor.statementTotals} />
      {editor.serverFlags && editor.serverFlags.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t`The server refused "ready"`}
          role="alert"
        >
          <Stack gap={4}>
            {editor.serverFlags.map((f) => (
              <Text size="sm" key={f.id}>
                {f.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {flags.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No differences, unmapped lines or negative figures.</Trans>
        </Text>
      )}
      {flags.map((f) => (
        <Card key={f.id} withBorder padding="sm" data-testid="flag" data-flag={f.id}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm">{f.message}</Text>
              {f.resolved ? (
                <Badge color="green" variant="light">
                  <Trans>Explained</Trans>
                </Badge>
              ) : (
                <Badge color={f.explainable ? "orange" : "red"} variant="light">
                  {f.explainable ? t`Open` : t`Fix needed`}
                </Badge>
              )}
            </Group>
            {f.lineId !== undefined && (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => onShowLine(f.lineId as string)}
                w="fit-content"
              >
                <Trans>Show the line</Trans>
              </Button>
            )}
            {f.explainable ? (
              <ExplanationField flag={f} editor={editor} />
            ) : (
              <Text size="xs" c="dimmed">
                <Trans>The form cannot carry this; change the mapping.</Trans>
              </Text>
            )}
          </Stack>
        </Card>
      ))}
      {editor.record?.status === "ready" ? (
        <Button variant="default" loading={editor.reopen.isPending} onClick={() => editor.reopen.mutate()}>
          <Trans>Reopen</Trans>
        </Button>
      ) : (
        <Button
          color="green"
          disabled={!rec?.ready || editor.heldByOther}
          loading={editor.ready.isPending}
          onClick={() => editor.ready.mutate()}
        >
          <Trans>Mark ready</Trans>
        </Button>
      )}
    </Stack>
  );
}
