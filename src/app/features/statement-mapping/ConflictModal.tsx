import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Code, Group, Stack, Table, Text } from "@mantine/core";
import { AppModal } from "../../ui/AppModal";
import type { Change } from "./api";
import type { MappingEditor } from "./use-mapping-editor";

export const showValue = (v: unknown) =>
  v === undefined || v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v);

function ChangeTable({ changes, caption }: { changes: Change[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table withTableBorder fz="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>What</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Old</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>New</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a path may change twice
            <Table.Tr key={i}>
              <Table.Td>
                <Code>{c.path}</Code>
              </Table.Td>
              <Table.Td>{showValue(c.from)}</Table.Td>
              <Table.Td>{showValue(c.to)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A save refused because someone else saved first: what differs, then reload or re-apply mine. */
export function ConflictModal({ editor }: { editor: MappingEditor }) {
  const { t } = useLingui();
  const c = editor.conflict;
  const who = [...new Set((c?.changesSince ?? []).map((e) => e.by?.displayName).filter(Boolean))].join(", ");
  return (
    <AppModal
      opened={!!c}
      onClose={() => editor.reload()}
      title={t`Someone else changed this mapping`}
      size="xl"
    >
      {c && (
        <Stack>
          <Text size="sm">{c.message}</Text>
          {who && (
            <Text size="sm">
              <Trans>Changed since you opened it by: {who}</Trans>
            </Text>
          )}
          <ChangeTable
            changes={c.difference ?? []}
            caption={t`What saving yours would change in the current version`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => editor.reload()}>
              <Trans>Reload theirs (drop my changes)</Trans>
            </Button>
            <Button loading={editor.saving} onClick={() => editor.reapply()}>
              <Trans>Re-apply my changes</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
