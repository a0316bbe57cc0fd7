import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useState } from "react";
import { AppModal } from "../../ui/AppModal";
import type { MappingEditor } from "./use-mapping-editor";

/** Who holds the mapping: "Held by X since T" with a take-over confirmation, or my own hold with Release. */
export function LockBanner({ editor }: { editor: MappingEditor }) {
  const { t, i18n } = useLingui();
  const [confirm, setConfirm] = useState(false);
  const r = editor.record;
  if (!r || r.status === "ready") return null;
  const holder = editor.held?.heldBy ?? (editor.heldByOther ? r.heldBy : null);
  const heldAt = editor.held?.heldAt ?? r.heldAt;
  if (holder && (editor.heldByOther || editor.held)) {
    const name = holder.displayName;
    const since = heldAt ? i18n.date(heldAt, { dateStyle: "medium", timeStyle: "short" }) : "";
    return (
      <>
        <Alert
          color="orange"
          icon={<IconLock size={18} />}
          title={t`Held by ${name} since ${since}`}
          data-testid="held-by"
        >
          <Group justify="space-between">
            <Text size="sm">
              <Trans>You can look, but saving is refused while they hold it.</Trans>
            </Text>
            <Button size="xs" color="orange" onClick={() => setConfirm(true)}>
              <Trans>Take over</Trans>
            </Button>
          </Group>
        </Alert>
        <AppModal opened={confirm} onClose={() => setConfirm(false)} title={t`Take over from ${name}?`}>
          <Stack>
            <Text size="sm">
              <Trans>
                {name} may be editing this mapping now. Their unsaved changes will be refused when they save.
                The take-over is recorded in the history.
              </Trans>
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                color="orange"
                loading={editor.hold.isPending}
                onClick={() => editor.hold.mutate("take-over", { onSuccess: () => setConfirm(false) })}
              >
                <Trans>Take over</Trans>
              </Button>
            </Group>
          </Stack>
        </AppModal>
      </>
    );
  }
  return (
    <Group gap="xs" data-testid="hold-state">
      <IconLock size={16} aria-hidden />
      <Text size="sm">{editor.heldByMe ? t`You hold this mapping` : t`Nobody holds this mapping`}</Text>
      {editor.heldByMe ? (
        <Button
          size="compact-xs"
          variant="default"
          loading={editor.hold.isPending}
          onClick={() => editor.hold.mutate("release")}
        >
          <Trans>Release</Trans>
        </Button>
      ) : (
        <Button
          size="compact-xs"
          variant="default"
          loading={editor.hold.isPending}
          onClick={() => editor.hold.mutate("hold")}
        >
          <Trans>Hold</Trans>
        </Button>
      )}
    </Group>
  );
}
