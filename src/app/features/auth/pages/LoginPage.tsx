import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { HttpError } from "../../../lib/http";
import { NeedsScript } from "../../../ui/NeedsScript";
import { toast } from "../../../ui/toast";
import { useMounted } from "../../../ui/useMounted";
import { usePageTitle } from "../../../ui/usePageTitle";
import { authApi } from "../auth-api";
import { useAuth } from "../auth-context";
import { GoogleButton, useGoogleClientId } from "../google";
import { useReturnTo } from "../return-to";
import { validateEmail } from "../validation";

/**
 * Email + password sign-in, and Google when a client id is configured. After sign-in the
 * GuestGuard around this page sends the user to returnTo (same-origin) or the dashboard.
 */
export function LoginPage() {
  const { t } = useLingui();
  usePageTitle(t`Login`);
  const auth = useAuth();
  const clientId = useGoogleClientId();
  // Passed on to registration (and a resent confirmation link). The page is prerendered
  // without it, so links take it only after hydration.
  const searchReturnTo = useReturnTo();
  const returnTo = useMounted() ? searchReturnTo : undefined;
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: { email: validateEmail, password: (v) => (v ? null : t`Password is required`) },
  });

  // The page is prerendered: what a visitor (or a password manager) typed before it hydrated
  // is in the inputs but not in the form's state, so the form takes it over once.
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => {
    const email = emailRef.current?.value ?? "";
    const password = passwordRef.current?.value ?? "";
    if (email || password) form.setValues({ email, password });
  }, []);

  const submit = form.onSubmit(async ({ email, password }) => {
    setUnconfirmed(null);
    setFailure(null);
    try {
      await auth.signInWithEmailAndPassword(email.trim(), password);
    } catch (error) {
      if (error instanceof HttpError && error.serverCode === "EMAIL_NOT_CONFIRMED")
        setUnconfirmed(email.trim());
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  const resend = async () => {
    if (!unconfirmed) return;
    try {
      await authApi.resendConfirmation(returnTo ? { email: unconfirmed, returnTo } : { email: unconfirmed });
      toast.success(t`A new confirmation email has been sent`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28}>
          <Trans>Log in</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>
            Don't have an account?{" "}
            <Anchor
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/auth/google/data-user-register-for-login"
                  search={returnTo ? { returnTo } : {}}
                />
              )}
            >
              Register
            </Anchor>
          </Trans>
        </Text>
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

      {unconfirmed ? (
        <Alert color="orange" icon={<IconAlertCircle />} title={t`Please confirm your email`}>
          <Text size="sm">
            <Trans>
              We sent a confirmation link to {unconfirmed}. Open it to finish creating your account.
            </Trans>
          </Text>
          <Button variant="light" size="xs" mt="sm" onClick={() => void resend()}>
            <Trans>Resend confirmation email</Trans>
          </Button>
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {failure}
        </Alert>
      ) : null}

      <form method="post" onSubmit={submit} noValidate>
        <NeedsScript />
        <Stack gap="md">
          <TextInput
            label={t`Email address`}
            type="email"
            autoComplete="email"
            required
            ref={emailRef}
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={t`Password`}
            autoComplete="current-password"
            required
            ref={passwordRef}
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/google/data-user-forgot-password" size="sm">
              <Trans>Forgot password?</Trans>
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={form.submitting}>
            <Trans>Log in</Trans>
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
