import "../../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { Link, useNavigate } from "@tanstack/react-router";
import { http } from "../../../lib/http";
import { usePageTitle } from "../../../ui/usePageTitle";
import { PageIntro } from "../content/PageIntro";
import { demoBody, LIMITS } from "../forms/form-body";
import { HoneypotField, honeypotOf } from "../forms/Honeypot";
import { useServerErrors } from "../forms/useServerErrors";
import { messageValidator, publicFormValidators } from "../forms/validators";
import { SimplePageLayout } from "../layout/SimplePageLayout";

const FIELDS = ["name", "email", "company", "phone", "interest", "message"] as const;

export function RequestDemoPage() {
  const { t } = useLingui();
  usePageTitle(t`Request Demo`);
  const navigate = useNavigate();
  const form = useForm({
    initialValues: {
      name: "",
      email: "",
      company: "",
      phone: "",
      interest: null as string | null,
      message: "",
    },
    validate: { ...publicFormValidators, message: messageValidator(false) },
  });
  const errors = useServerErrors(FIELDS, form.setFieldError);
  const submit = form.onSubmit(async (values, event) => {
    errors.clear();
    try {
      await http.post(
        "/api/demo-requests",
        { ...demoBody(values), ...honeypotOf(event) },
        { anonymous: true },
      );
      await navigate({ to: "/success-demo" });
    } catch (error) {
      errors.report(error);
    }
  });
  return (
    <SimplePageLayout>
      <PageIntro
        title={<Trans>Request a demo</Trans>}
        lead={
          <Trans>
            See how Blocklot files RPIE statements and runs reseller inventory. Tell us a little about
            yourself and we will arrange a time that suits you.
          </Trans>
        }
      />
      <form onSubmit={submit} noValidate aria-label={t`Demo request form`}>
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
          <Radio.Group label={t`What are you interested in?`} {...form.getInputProps("interest")}>
            <Group mt="xs" gap="lg">
              <Radio value="rpie" label={t`RPIE filing`} />
              <Radio value="inventory" label={t`Inventory tools`} />
              <Radio value="both" label={t`Both`} />
            </Group>
          </Radio.Group>
          <Textarea
            label={t`Message`}
            description={t`Optional: number of properties, what you sell, good times to call.`}
            autosize
            minRows={4}
            maxLength={LIMITS.message}
            {...form.getInputProps("message")}
          />
          {errors.serverError ? (
            <Alert
              color="red"
              icon={<IconAlertCircle aria-hidden="true" />}
              role="alert"
              title={t`Request not sent`}
            >
              {errors.serverError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={form.submitting}>
              <Trans>Request Demo</Trans>
            </Button>
          </Group>
          <Text fz="xs" c="dimmed">
            <Trans>
              We use your details only to arrange the demo. See our{" "}
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
