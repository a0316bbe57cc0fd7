import { Trans } from "@lingui/react/macro";
import { Button, Text } from "@mantine/core";
import { IconBook } from "@tabler/icons-react";
import { DOCUMENTATION_URL } from "../ui/shell-constants";
import classes from "./Shell.module.css";

/** The "Need help" block at the bottom of the navigation drawer. */
export function NeedHelp() {
  return (
    <div className={classes.help}>
      <Text fw={600} size="sm">
        <Trans>Need help?</Trans>
      </Text>
      <Text size="xs" className={classes.helpText} mb="sm">
        <Trans>Answers to common questions about filing and your account.</Trans>
      </Text>
      <Button
        component="a"
        href={DOCUMENTATION_URL}
        size="xs"
        fullWidth
        variant="filled"
        leftSection={<IconBook size={16} />}
      >
        <Trans>Documentation</Trans>
      </Button>
    </div>
  );
}
