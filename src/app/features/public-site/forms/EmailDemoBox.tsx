import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Group, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { http } from "../../../lib/http";
import { NeedsScript } from "../../../ui/NeedsScript";
import { LIMITS } from "./form-body";
import { HoneypotField, honeypotOf } from "./Honeypot";
import { useServerErrors } from "./useServerErrors";
import { publicFormValidators } from "./validators";

const FIELDS = ["email"] as const;

/**
 * "Just your e-mail": a demo request with an address only (POST /api/demo-requests/email), for
 * visitors who will not fill the whole demo form. Staff see these at /admin/email-demo-requests.
 */
export function EmailDemoBox() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useForm({ initialValues: { email: "" }, validate: { email: publicFormValidators.email } });
  const errors = useServerErrors(FIELDS, form.setFieldError);
  const submit = form.onSubmit(async (values, event) => {
    errors.clear();
    try {
      await http.post(
        "/api/demo-requests/email",
        { email: values.email.trim(), ...honeypotOf(event) },
        { anonymous: true },
      );
      await navigate({ to: "/success-demo" });
    } catch (error) {
      errors.report(error);
    }
  });
  return (
    <Card withBorder padding="lg" radius="md" w="100%">
      <form method="post" onSubmit={submit} noValidate aria-label={t`Demo request by e-mail`}>
        <NeedsScript />
        <Title order={2} fz="h4" mb={4}>
          <Trans>Rather not fill in a form?</Trans>
        </Title>
        <Text c="dimmed" fz="sm" mb="sm">
          <Trans>Leave your e-mail address and we will write to you to arrange a demo.</Trans>
        </Text>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={t`Email`}
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            style={{ flex: "1 1 16rem" }}
            {...form.getInputProps("email")}
          />
          <Button type="submit" loading={form.submitting}>
            <Trans>Send</Trans>
          </Button>
        </Group>
        {errors.serverError ? (
          <Alert
            mt="sm"
            color="red"
            icon={<IconAlertCircle aria-hidden="true" />}
            role="alert"
            title={t`Request not sent`}
          >
            {errors.serverError}
          </Alert>
        ) : null}
        <HoneypotField />
      </form>
    </Card>
  );
}
