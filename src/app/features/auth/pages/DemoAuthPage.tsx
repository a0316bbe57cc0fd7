import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Button,
  Card,
  Center,
  Checkbox,
  PasswordInput,
  PinInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { FormEvent } from "react";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { AuthLayout } from "../AuthLayout";

import type { DemoPage, DemoVariant } from "./demo-pages";

export type { DemoPage, DemoVariant } from "./demo-pages";

function DemoForm({ page }: { page: DemoPage }) {
  const { t } = useLingui();
  const titles: Record<DemoPage, string> = {
    login: t`Login`,
    register: t`Register`,
    "forgot-password": t`Forgot Password`,
    "reset-password": t`Reset Password`,
    "verify-code": t`Verify Code`,
  };
  usePageTitle(titles[page]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    toast(t`This is a demo form; nothing was sent.`);
  };
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {titles[page]}
      </Title>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          {page === "register" ? <TextInput label={t`Name`} name="name" /> : null}
          {page !== "reset-password" && page !== "verify-code" ? (
            <TextInput label={t`Email address`} type="email" name="email" />
          ) : null}
          {page === "login" || page === "register" || page === "reset-password" ? (
            <PasswordInput label={t`Password`} name="password" />
          ) : null}
          {page === "reset-password" ? <PasswordInput label={t`Confirm password`} name="confirm" /> : null}
          {page === "verify-code" ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                <Trans>Code</Trans>
              </Text>
              <PinInput length={6} type="number" aria-label={t`Code`} />
            </Stack>
          ) : null}
          {page === "register" ? <Checkbox label={t`I have read the Terms and Conditions`} /> : null}
          <Button type="submit">{titles[page]}</Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/auth/google/login" size="sm">
        <Trans>Go to the real login</Trans>
      </Anchor>
    </Stack>
  );
}

/** /auth-demo/{page}/{classic|modern}: the template's demo forms (not wired to the server). */
export function DemoAuthPage({ page, variant }: { page: DemoPage; variant: DemoVariant }) {
  if (variant === "modern") {
    return (
      <AuthLayout>
        <DemoForm page={page} />
      </AuthLayout>
    );
  }
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-default-hover)">
      <Card w="100%" maw={440} p="xl" shadow="sm">
        <DemoForm page={page} />
      </Card>
    </Center>
  );
}
