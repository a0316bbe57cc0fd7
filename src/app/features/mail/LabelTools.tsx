/**
 * The user's own labels from the screen (docs/mail.md "The screen"): New label, and for the
 * label shown when it is one of the user's own, Rename and Delete (asked first: its messages stay
 * and lose the label). The same buttons on a phone and on a desktop; every change goes through
 * the sync engine, so it works offline.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { MAIL_LIMITS, type MailLabel, validateLabelFields } from "../../../domain/mail/message";
import { AppModal } from "../../ui/AppModal";
import { NameModal } from "../../ui/NameModal";
import { toast } from "../../ui/toast";
import { failed } from "../kanban/write-failed";
import type { MailWrites } from "./mail-writes";

export function LabelTools({
  current,
  writes,
  onCreated,
  onDeleted,
}: {
  /** The label shown, when it is one of the user's own. */
  current: MailLabel | undefined;
  writes: MailWrites;
  onCreated: (id: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const [naming, setNaming] = useState<"new" | "rename" | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async (name: string) => {
    if (validateLabelFields({ name }).name) {
      toast.error(t`This name belongs to a built-in label`);
      return;
    }
    try {
      if (naming === "rename" && current) {
        await writes.renameLabel(current.id, name);
        setNaming(null);
      } else {
        const id = await writes.addLabel(name);
        setNaming(null);
        onCreated(id);
      }
    } catch (e) {
      failed(e);
    }
  };

  const remove = async () => {
    if (!current) return;
    setBusy(true);
    try {
      await writes.deleteLabel(current.id);
      setDeleting(false);
      toast(t`Label “${current.name}” deleted`);
      onDeleted();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Group gap={4} wrap="wrap">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setNaming("new")}
        >
          <Trans>New label</Trans>
        </Button>
        {current && (
          <>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPencil size={14} />}
              onClick={() => setNaming("rename")}
              aria-label={t`Rename the label “${current.name}”`}
            >
              <Trans>Rename</Trans>
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => setDeleting(true)}
              aria-label={t`Delete the label “${current.name}”`}
            >
              <Trans>Delete</Trans>
            </Button>
          </>
        )}
      </Group>
      <NameModal
        opened={naming !== null}
        title={naming === "rename" ? t`Rename label` : t`New label`}
        label={t`Label name`}
        initial={naming === "rename" ? (current?.name ?? "") : ""}
        maxLength={MAIL_LIMITS.labelNameMax}
        onClose={() => setNaming(null)}
        onSave={save}
      />
      <AppModal opened={deleting} onClose={() => setDeleting(false)} title={t`Delete label`} centered>
        <Stack>
          <Text size="sm">
            <Trans>
              Delete the label “{current?.name}”? Its messages stay in your mailbox, without this label.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)} data-autofocus>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()}>
              <Trans>Delete label</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
