import "../../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { Link, useNavigate } from "@tanstack/react-router";
import { http } from "../../../lib/http";
import { CONTACT_EMAIL } from "../../../ui/shell-constants";
import { usePageTitle } from "../../../ui/usePageTitle";
import { PageIntro } from "../content/PageIntro";
import { contactBody, LIMITS } from "../forms/form-body";
import { HoneypotField, honeypotOf } from "../forms/Honeypot";
import { useServerErrors } from "../forms/useServerErrors";
import { messageValidator, publicFormValidators } from "../forms/validators";
import { SimplePageLayout } from "../layout/SimplePageLayout";

const FIELDS = ["name", "email", "company", "phone", "message"] as const;

export function ContactPage() {
  const { t } = useLingui();
  usePageTitle(t`Contact Us`);
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { name: "", email: "", company: "", phone: "", message: "" },
    validate: { ...publicFormValidators, message: messageValidator(true) },
  });
  const errors = useServerErrors(FIELDS, form.setFieldError);
  const submit = form.onSubmit(async (values, event) => {
    errors.clear();
    try {
      await http.post("/api/contact", { ...contactBody(values), ...honeypotOf(event) }, { anonymous: true });
      await navigate({ to: "/success-contact-us" });
    } catch (error) {
      errors.report(error);
    }
  });
  return (
    <SimplePageLayout>
      <PageIntro
        title={<Trans>Contact Us</Trans>}
        lead={
          <Trans>
            Questions about RPIE filing, a penalty or our inventory tools? Send us a message and we will get
            back to you within one business day.
          </Trans>
        }
      />
      <form onSubmit={submit} noValidate aria-label={t`Contact form`}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`Name`}
              autoComplete="name"
              required
              maxLength={LIMITS.name}
              {...form.getInputProps("name")}
            />
            <TextInput
              label={t`Email`}
              type="email"
              autoComplete="email"
              required
              maxLength={LIMITS.email}
              {...form.getInputProps("email")}
            />
            <TextInput
              label={t`Company`}
              autoComplete="organization"
              maxLength={LIMITS.company}
              {...form.getInputProps("company")}
            />
            <TextInput
              label={t`Phone`}
              type="tel"
              autoComplete="tel"
              maxLength={LIMITS.phone}
              {...form.getInputProps("phone")}
            />
          </SimpleGrid>
          <Textarea
            label={t`Message`}
            required
            autosize
            minRows={5}
            maxLength={LIMITS.message}
            {...form.getInputProps("message")}
          />
          {errors.serverError ? (
            <Alert
              color="red"
              icon={<IconAlertCircle aria-hidden="true" />}
              role="alert"
              title={t`Message not sent`}
            >
              {errors.serverError}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              <Trans>
                Or email <Anchor href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Anchor>
              </Trans>
            </Text>
            <Button type="submit" size="md" loading={form.submitting}>
              <Trans>Send message</Trans>
            </Button>
          </Group>
          <Text fz="xs" c="dimmed">
            <Trans>
              We use your details only to answer you. See our{" "}
              <Anchor component={Link} to="/policy" fz="xs">
                Privacy Policy
              </Anchor>
              .
            </Trans>
          </Text>
          <HoneypotField />
        </Stack>
      </form>
    </SimplePageLayout>
  );
}
