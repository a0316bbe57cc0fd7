import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconCircleCheck, IconTerminal2 } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { SETUP_CODE_MAX_LENGTH } from "../../../domain/setup";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { validateEmail, validatePassword } from "../auth/validation";
import { setupApi, setupKeys } from "./setup-api";

/** Where the new administrator goes: the page that fills the product with the demo company. */
const AFTER_SETUP = "/admin/demo-data";

/**
 * /setup: the first super administrator, on a product that has none. The server prints a setup
 * code in its console once; whoever started it types it here with their name, e-mail and
 * password, and is signed in. Once an administrator exists the page only says so.
 */
export function SetupPage() {
  const { t } = useLingui();
  usePageTitle(t`Set up Blocklot`);
  const auth = useAuth();
  const navigate = useNavigate();
  const status = useQuery({ queryKey: setupKeys.status(), queryFn: setupApi.status, retry: false });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: "", displayName: "", email: "", password: "" },
    validate: {
      code: (v) => (v.trim() ? null : t`The setup code is required`),
      displayName: (v) => (v.trim() ? null : t`Your name is required`),
      email: validateEmail,
      password: validatePassword,
    },
  });

  const submit = form.onSubmit(async (v) => {
    setFailure(null);
    try {
      const { email } = await setupApi.create({
        code: v.code.trim(),
        displayName: v.displayName.trim(),
        email: v.email.trim(),
        password: v.password,
      });
      await auth.signInWithEmailAndPassword(email, v.password);
      await navigate({ to: AFTER_SETUP });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  if (status.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t`Loading`} />
      </Center>
    );
  }

  if (status.isError || !status.data.open) {
    return (
      <Stack gap="md">
        <IconCircleCheck size={48} stroke={1.5} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={1} fz={28}>
          <Trans>Blocklot is set up</Trans>
        </Title>
        <Text>
          <Trans>This Blocklot already has an administrator. Sign in with your account.</Trans>
        </Text>
        <Anchor renderRoot={(props) => <Link {...props} to="/auth/google/login" />}>
          <Trans>Go to the login page</Trans>
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28}>
          <Trans>Set up Blocklot</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>Create the first administrator. This page is gone once you have.</Trans>
        </Text>
      </div>
      <Alert color="blue" icon={<IconTerminal2 />} title={t`Where is the setup code?`}>
        <Text size="sm">
          <Trans>
            The server printed it once in the console where it was started (npm start). It proves you run this
            server, so that nobody else on the network can claim it.
          </Trans>
        </Text>
      </Alert>
      {failure ? (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {failure}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`Setup code`}
            placeholder="XXXX-XXXX-XXXX"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={SETUP_CODE_MAX_LENGTH}
            required
            {...form.getInputProps("code")}
          />
          <TextInput
            label={t`Your name`}
            autoComplete="name"
            required
            {...form.getInputProps("displayName")}
          />
          <TextInput
            label={t`Email address`}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={t`Password`}
            description={t`At least 8 characters`}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
          />
          <Button type="submit" size="md" loading={form.submitting}>
            <Trans>Create the administrator</Trans>
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
