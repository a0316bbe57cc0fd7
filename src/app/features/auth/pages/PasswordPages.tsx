import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useAuth } from "../auth-context";
import { LOGIN_PATH } from "../issuer";
import { OutboxNotice } from "../OutboxNotice";
import { validateEmail, validatePassword } from "../validation";

export function ForgotPasswordPage() {
  const { t } = useLingui();
  usePageTitle(t`Forgot Password`);
  const auth = useAuth();
  const [sent, setSent] = useState(false);
  const form = useForm({ initialValues: { email: "" }, validate: { email: validateEmail } });
  const submit = form.onSubmit(async ({ email }) => {
    setSent(await auth.forgotPassword(email.trim()));
  });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28}>
          <Trans>Forgot password</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>Enter your email and we will send you a link to reset your password.</Trans>
        </Text>
      </div>
      {sent ? (
        <>
          <Text role="status">
            <Trans>Password reset link has been sent to your email</Trans>
          </Text>
          <OutboxNotice />
        </>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t`Email address`}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <Button type="submit" size="md" loading={form.submitting}>
            <Trans>Send reset link</Trans>
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={LOGIN_PATH} size="sm">
        <Trans>Back to login</Trans>
      </Anchor>
    </Stack>
  );
}

export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useLingui();
  usePageTitle(t`Reset Password`);
  const auth = useAuth();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { password: "", confirm: "" },
    validate: {
      password: validatePassword,
      confirm: (v, values) => (v === values.password ? null : t`Passwords do not match`),
    },
  });
  const submit = form.onSubmit(async ({ password }) => {
    if (await auth.resetPassword(token, password)) await navigate({ to: LOGIN_PATH, replace: true });
  });
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        <Trans>Reset password</Trans>
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t`New password`}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
          />
          <PasswordInput
            label={t`Confirm password`}
            autoComplete="new-password"
            required
            {...form.getInputProps("confirm")}
          />
          <Button type="submit" size="md" loading={form.submitting}>
            <Trans>Reset password</Trans>
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
