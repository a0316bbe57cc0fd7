import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Box, Code, Group, Loader, Stack, Tabs, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorText } from "../../lib/error-text";
import { outboxApi, outboxKeys } from "./outbox-api";

/**
 * One mail in full: its HTML in a sandboxed frame (no scripts, no same-origin access, so a mail
 * can neither run code nor read the admin's session), and its plain text.
 */
export function MailPreview({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const mail = useQuery({ queryKey: outboxKeys.mail(id), queryFn: () => outboxApi.mail(id) });
  if (mail.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label={t`Loading the mail`} />
      </Group>
    );
  }
  if (mail.isError) {
    return (
      <Alert color="red" title={t`The mail could not be loaded`}>
        {errorText(mail.error)}
      </Alert>
    );
  }
  const m = mail.data;
  return (
    <Stack gap="sm" data-testid="mail-preview">
      <Text size="sm">
        <Trans>To:</Trans> <b>{m.to}</b>
      </Text>
      <Text size="sm">
        <Trans>Subject:</Trans> <b>{m.subject}</b>
      </Text>
      <Text size="xs" c="dimmed">
        {m.kind} · {i18n.date(m.createdAt, { dateStyle: "medium", timeStyle: "short" })}
      </Text>
      {m.error ? (
        <Alert color="red" title={t`The mail server refused it`}>
          {m.error}
        </Alert>
      ) : null}
      <Tabs defaultValue={m.html ? "html" : "text"}>
        <Tabs.List>
          <Tabs.Tab value="html" disabled={!m.html}>
            <Trans>HTML</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="text">
            <Trans>Text</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          {m.html ? (
            <Box
              component="iframe"
              title={t`The mail as HTML`}
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={m.html}
              w="100%"
              h={420}
              bd="1px solid var(--mantine-color-default-border)"
              bg="white"
            />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Code block data-testid="mail-text" style={{ whiteSpace: "pre-wrap" }}>
            {m.text}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
