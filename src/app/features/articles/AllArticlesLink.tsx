import { Trans } from "@lingui/react/macro";
import { Anchor, Group } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";

/** "← All articles", at the top of an article. */
export function AllArticlesLink() {
  return (
    <Anchor component={Link} to="/articles" fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        <Trans>All articles</Trans>
      </Group>
    </Anchor>
  );
}
