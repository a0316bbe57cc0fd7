import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Drawer, Group, Select, Stack, Text, Textarea } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { InboxRow } from "../../../domain/admin/inbox";
import { INBOX_STATES, type InboxState } from "../../../domain/admin/list-sorts";
import { type InboxKind, saveInboxRow } from "./inbox-api";
import { useStateLabels } from "./state-labels";

/** One demo request or contact message: what was sent, and its state and notes for staff to change. */
export function InboxDrawer({
  kind,
  row,
  onClose,
  when,
}: {
  kind: InboxKind;
  row: InboxRow | null;
  onClose(): void;
  when(iso: string | null): string;
}) {
  const { t } = useLingui();
  const labels = useStateLabels();
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      title={row?.name || row?.email}
      size="md"
    >
      {row && <InboxEditor key={row.id} kind={kind} row={row} onSaved={onClose} when={when} />}
      {row && (
        <Text size="xs" c="dimmed" mt="md">
          {t`Received`}: {when(row.createdAt)} · {labels[row.state]}
        </Text>
      )}
    </Drawer>
  );
}

function InboxEditor({
  kind,
  row,
  onSaved,
  when,
}: {
  kind: InboxKind;
  row: InboxRow;
  onSaved(): void;
  when(iso: string | null): string;
}) {
  const { t } = useLingui();
  const labels = useStateLabels();
  const queryClient = useQueryClient();
  const [state, setState] = useState<InboxState>(row.state);
  const [notes, setNotes] = useState(row.notes);
  const save = useMutation({
    mutationFn: () => saveInboxRow(kind, row.id, { state, notes }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["server-list"] });
      onSaved();
    },
  });
  return (
    <Stack gap="sm">
      <Anchor href={`mailto:${row.email}`}>{row.email}</Anchor>
      {row.company && <Text size="sm">{row.company}</Text>}
      {row.phone && <Text size="sm">{row.phone}</Text>}
      {row.message && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {row.message}
        </Text>
      )}
      <Select
        label={t`State`}
        data={INBOX_STATES.map((s) => ({ value: s, label: labels[s] }))}
        value={state}
        onChange={(v) => v && setState(v as InboxState)}
        allowDeselect={false}
      />
      {row.stateChangedAt && (
        <Text size="xs" c="dimmed">
          <Trans>State changed {when(row.stateChangedAt)}</Trans>
        </Text>
      )}
      <Textarea
        label={t`Notes`}
        autosize
        minRows={3}
        maxLength={5000}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      {save.isError && (
        <Alert color="red" role="alert">
          <Trans>The change could not be saved. Please try again.</Trans>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          <Trans>Save</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
