import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Button, CloseButton, Group } from "@mantine/core";
import { IconDownload, IconPlus, IconSettings } from "@tabler/icons-react";
import { AppTooltip } from "../../../ui/tooltip";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const variantsCode = `<Group>
  <Button>Save</Button>
  <Button variant="light">Preview</Button>
  <Button variant="outline">Sign Up</Button>
  <Button variant="default">Cancel</Button>
  <Button variant="subtle">Skip</Button>
  <Button color="red">Delete</Button>
</Group>`;

const statesCode = `<Group>
  <Button leftSection={<IconPlus size={16} />}>New post</Button>
  <Button rightSection={<IconDownload size={16} />} variant="default">Export CSV</Button>
  <Button loading>Save</Button>
  <Button disabled>Save</Button>
  <Button size="compact-sm" variant="default">Copy code</Button>
</Group>`;

const iconCode = `// An icon-only button needs a name; AppTooltip (ui/tooltip) shows it
// with the spec's delays for mouse and touch.
<AppTooltip label={t\`Settings\`}>
  <ActionIcon variant="default" size="lg" aria-label={t\`Settings\`}>
    <IconSettings size={18} />
  </ActionIcon>
</AppTooltip>
<CloseButton aria-label={t\`Close\`} />`;

/** /components/buttons */
export default function ButtonsPage() {
  const { t } = useLingui();
  return (
    <GalleryPage
      title={t`Buttons`}
      intro={<Trans>Mantine buttons in the theme's primary colour (the settings' colour preset).</Trans>}
    >
      <Example
        title={t`Variants`}
        description={<Trans>One filled button per screen for the main action; default for the rest.</Trans>}
        code={variantsCode}
      >
        <Group>
          <Button>
            <Trans>Save</Trans>
          </Button>
          <Button variant="light">
            <Trans>Preview</Trans>
          </Button>
          <Button variant="outline">
            <Trans>Sign Up</Trans>
          </Button>
          <Button variant="default">
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="subtle">
            <Trans>Skip</Trans>
          </Button>
          <Button color="red">
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Example>
      <Example title={t`Sections, sizes and states`} code={statesCode}>
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />}>
            <Trans>New post</Trans>
          </Button>
          <Button rightSection={<IconDownload size={16} aria-hidden />} variant="default">
            <Trans>Export CSV</Trans>
          </Button>
          <Button loading>
            <Trans>Save</Trans>
          </Button>
          <Button disabled>
            <Trans>Save</Trans>
          </Button>
          <Button size="compact-sm" variant="default">
            <Trans>Copy code</Trans>
          </Button>
        </Group>
      </Example>
      <Example title={t`Icon buttons`} code={iconCode}>
        <Group>
          <AppTooltip label={t`Settings`}>
            <ActionIcon variant="default" size="lg" aria-label={t`Settings`}>
              <IconSettings size={18} aria-hidden />
            </ActionIcon>
          </AppTooltip>
          <CloseButton aria-label={t`Close`} />
        </Group>
      </Example>
    </GalleryPage>
  );
}
