import { Trans } from "@lingui/react/macro";
import { Button, Divider, Group, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { REGISTER_PATH } from "../public-site/constants";

/** The end of an article: sign up or ask for a demo. */
export function ArticleCallToAction() {
  return (
    <>
      <Divider my="xl" />
      <Text fw={600} mb="sm">
        <Trans>Want us to file for you?</Trans>
      </Text>
      <Group>
        <Button component={Link} to={REGISTER_PATH}>
          <Trans>Sign Up</Trans>
        </Button>
        <Button component={Link} to="/request-demo" variant="default">
          <Trans>Request Demo</Trans>
        </Button>
      </Group>
    </>
  );
}
