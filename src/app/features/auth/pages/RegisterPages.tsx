import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMail, IconMailForward } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { authApi } from "../auth-api";
import { useAuth } from "../auth-context";
import { GoogleButton, useGoogleClientId } from "../google";
import { LOGIN_PATH } from "../issuer";
import { OutboxNotice } from "../OutboxNotice";
import { useReturnTo } from "../return-to";
import { MIN_PASSWORD_LENGTH, validateEmail, validatePassword } from "../validation";

function AlreadyHaveAccount({ returnTo }: { returnTo?: string }) {
  return (
    <Text c="dimmed" size="sm" mt={4}>
      <Trans>
        Already have an account?{" "}
        <Anchor
          renderRoot={(props) => <Link {...props} to={LOGIN_PATH} search={returnTo ? { returnTo } : {}} />}
        >
          Log in
        </Anchor>
      </Trans>
    </Text>
  );
}

/** Register: Google (when configured) or the email form. */
export function RegisterIntroPage() {
  const { t } = useLingui();
  usePageTitle(t`Register`);
  const auth = useAuth();
  const clientId = useGoogleClientId();
  // Carried through the form and the confirmation mail back to where the person came from.
  const returnTo = useReturnTo();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28}>
          <Trans>Create your account</Trans>
        </Title>
        <AlreadyHaveAccount returnTo={returnTo} />
      </div>
      {clientId ? (
        <>
          <GoogleButton
            clientId={clientId}
            onCredential={(c) => void auth.signInWithGoogle(c).catch(() => {})}
          />
          <Divider label={t`or`} labelPosition="center" />
        </>
      ) : null}
      <Button
        renderRoot={(props) => (
          <Link
            {...props}
            to="/auth/google/data-user-register-for-login/form"
            search={returnTo ? { returnTo } : {}}
          />
        )}
        size="md"
        variant={clientId ? "default" : "filled"}
        leftSection={<IconMail size={18} />}
      >
        <Trans>Sign up with email</Trans>
      </Button>
    </Stack>
  );
}

/** Registration form; on success the server mails a confirmation link. */
export function RegisterFormPage() {
  const { t } = useLingui();
  usePageTitle(t`Register`);
  const auth = useAuth();
  const returnTo = useReturnTo();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { displayName: "", email: "", password: "", companyName: "" },
    validate: {
      displayName: (v) => (v.trim() ? null : t`Name is required`),
      email: validateEmail,
      password: validatePassword,
    },
  });

  const submit = form.onSubmit(async (v) => {
    try {
      const email = await auth.register({
        displayName: v.displayName.trim(),
        email: v.email.trim(),
        password: v.password,
        companyName: v.companyName.trim() || undefined,
        returnTo,
      });
      setSentTo(email);
    } catch {
      // The toast already explains the failure; the form keeps what the user typed.
    }
  });

  const resend = async () => {
    if (!sentTo) return;
    try {
      await authApi.resendConfirmation(returnTo ? { email: sentTo, returnTo } : { email: sentTo });
      toast.success(t`A new confirmation email has been sent`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  if (sentTo) {
    return (
      <Stack gap="md">
        <IconMailForward size={48} stroke={1.5} color="var(--mantine-primary-color-filled)" />
        <Title order={1} fz={28}>
          <Trans>Check your email</Trans>
        </Title>
        <Text>
          <Trans>
            We sent a confirmation link to <b>{sentTo}</b>. Open it to activate your account and sign in.
          </Trans>
        </Text>
        {returnTo?.startsWith("/invitation/") ? (
          <Text>
            <Trans>The link then takes you back to your invitation.</Trans>
          </Text>
        ) : null}
        <OutboxNotice />
        <Button variant="light" onClick={() => void resend()}>
          <Trans>Resend confirmation email</Trans>
        </Button>
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to={LOGIN_PATH} search={returnTo ? { returnTo } : {}} />}
        >
          <Trans>Back to login</Trans>
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28}>
          <Trans>Create your account</Trans>
        </Title>
        <AlreadyHaveAccount returnTo={returnTo} />
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t`Name`} autoComplete="name" required {...form.getInputProps("displayName")} />
          <TextInput
            label={t`Email address`}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={t`Password`}
            description={t`At least ${MIN_PASSWORD_LENGTH} characters`}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
          />
          <TextInput
            label={t`Company name (optional)`}
            autoComplete="organization"
            {...form.getInputProps("companyName")}
          />
          <Button type="submit" size="md" loading={form.submitting}>
            <Trans>Register</Trans>
          </Button>
        </Stack>
      </form>
      <Alert variant="light" color="gray">
        <Text size="xs">
          <Trans>
            By registering you agree to the{" "}
            <Anchor href="/terms-service" size="xs">
              Terms of Service
            </Anchor>{" "}
            and the{" "}
            <Anchor href="/policy" size="xs">
              Privacy Policy
            </Anchor>
            .
          </Trans>
        </Text>
      </Alert>
    </Stack>
  );
}
