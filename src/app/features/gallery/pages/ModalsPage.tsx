import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { AppModal } from "../../../ui/AppModal";
import { NameModal } from "../../../ui/NameModal";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const nameCode = `// ui/NameModal: one name (a kanban board or column, a mail label).
const [opened, { open, close }] = useDisclosure(false);
<Button onClick={open}>{t\`Rename board\`}</Button>
<NameModal
  opened={opened}
  title={t\`Rename board\`}
  label={t\`Board name\`}
  initial={name}
  maxLength={100}
  onClose={close}
  onSave={async (next) => { setName(next); close(); }}
/>`;

const confirmCode = `<AppModal
  opened={opened}
  onClose={close}
  title={t\`Delete this item?\`}
  closeButtonProps={{ "aria-label": t\`Close\` }}
>
  <Text>{t\`It leaves the inventory and its eBay listing ends.\`}</Text>
  <Group justify="flex-end" mt="md">
    <Button variant="default" onClick={close} data-autofocus>{t\`Cancel\`}</Button>
    <Button color="red" onClick={remove}>{t\`Delete\`}</Button>
  </Group>
</AppModal>`;

/** /components/modals: dialogs trap focus, close on Escape and give focus back to their button. */
export default function ModalsPage() {
  const { t } = useLingui();
  const [nameOpened, nameModal] = useDisclosure(false);
  const [confirmOpened, confirmModal] = useDisclosure(false);
  const [name, setName] = useState(t`Listing work`);
  const [deleted, setDeleted] = useState(false);
  return (
    <GalleryPage
      title={t`Modals`}
      intro={<Trans>Focus moves into the dialog, Escape closes it, and focus returns to the button.</Trans>}
    >
      <Example title={t`Name modal`} code={nameCode}>
        <Stack gap="xs" align="flex-start">
          <Text>
            <Trans>Board: {name}</Trans>
          </Text>
          <Button onClick={nameModal.open}>
            <Trans>Rename board</Trans>
          </Button>
        </Stack>
        <NameModal
          opened={nameOpened}
          title={t`Rename board`}
          label={t`Board name`}
          initial={name}
          maxLength={100}
          onClose={nameModal.close}
          onSave={async (next) => {
            setName(next);
            nameModal.close();
          }}
        />
      </Example>
      <Example title={t`Confirmation`} code={confirmCode}>
        <Stack gap="xs" align="flex-start">
          {deleted ? (
            <Text role="status">
              <Trans>The sample item was deleted.</Trans>
            </Text>
          ) : null}
          <Button color="red" variant="outline" onClick={confirmModal.open}>
            <Trans>Delete item</Trans>
          </Button>
        </Stack>
        <AppModal
          opened={confirmOpened}
          onClose={confirmModal.close}
          title={t`Delete this item?`}
          closeButtonProps={{ "aria-label": t`Close` }}
        >
          <Text>
            <Trans>It leaves the inventory and its eBay listing ends.</Trans>
          </Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={confirmModal.close} data-autofocus>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red"
              onClick={() => {
                setDeleted(true);
                confirmModal.close();
              }}
            >
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </AppModal>
      </Example>
    </GalleryPage>
  );
}
