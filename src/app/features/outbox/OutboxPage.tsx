import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconInbox, IconInfoCircle, IconSearch, IconSend } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { OUTBOX_STATUSES, type OutboxMail, type OutboxStatus } from "../../../domain/outbox";
import { errorText } from "../../lib/error-text";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { STATUS_COLORS, STATUS_LABELS } from "./labels";
import { MailPreview } from "./MailPreview";
import { outboxApi, outboxKeys } from "./outbox-api";

const ROWS_PER_PAGE = 25;
const ALL = "all";

/**
 * /admin/outbox: every mail the product sent or keeps, newest first, searchable; a mail opens in
 * full (HTML in a sandboxed frame, text) and can be sent again. Without a mail server (SMTP_URL)
 * this is where confirmation and other mails are read.
 */
export function OutboxPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Outbox`);
  const wide = useMediaQuery("(min-width: 56.25em)", true);
  const client = useQueryClient();
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const [confirmResend, setConfirmResend] = useState(false);

  const filter = { page, rowsPerPage: ROWS_PER_PAGE, query: debounced, status };
  const list = useQuery({
    queryKey: outboxKeys.list(filter),
    queryFn: () => outboxApi.list(filter),
    placeholderData: keepPreviousData,
  });
  const resend = useMutation({
    mutationFn: (id: string) => outboxApi.resend(id),
    onSuccess: (mail) => {
      setConfirmResend(false);
      setOpen(null);
      toast.success(
        mail.status === "sent" ? t`The mail was sent again` : t`A copy of the mail is in the outbox`,
      );
      void client.invalidateQueries({ queryKey: outboxKeys.lists() });
    },
    onError: (error) => toast.error(errorText(error)),
  });

  const rows = list.data?.rows ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ROWS_PER_PAGE)) : 1;
  const when = (iso: string) => i18n.date(iso, { dateStyle: "medium", timeStyle: "short" });
  const badge = (m: OutboxMail) => (
    <Badge color={STATUS_COLORS[m.status]} variant="light">
      {i18n._(STATUS_LABELS[m.status])}
    </Badge>
  );
  const subject = (m: OutboxMail) => (
    <Anchor component="button" type="button" fw={600} ta="left" onClick={() => setOpen(m)}>
      {m.subject}
    </Anchor>
  );

  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Outbox</Trans>
      </Title>

      {list.data?.delivery === "outbox" ? (
        <Alert
          color="blue"
          icon={<IconInfoCircle />}
          title={t`No mail server is configured`}
          data-testid="outbox-only"
        >
          <Trans>
            SMTP_URL is not set, so no mail leaves Blocklot: every mail stays here. Open a confirmation mail
            to find its link for the person who registered.
          </Trans>
        </Alert>
      ) : null}

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          w={320}
          label={t`Search`}
          placeholder={t`Recipient, subject or kind`}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setPage(0);
          }}
        />
        <SegmentedControl
          aria-label={t`Status`}
          value={status ?? ALL}
          onChange={(v) => {
            setStatus(v === ALL ? null : (v as OutboxStatus));
            setPage(0);
          }}
          data={[
            { value: ALL, label: t`All` },
            ...OUTBOX_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) })),
          ]}
        />
      </Group>

      {list.isError ? (
        <Alert color="red" title={t`The outbox could not be loaded`}>
          {errorText(list.error)}
        </Alert>
      ) : list.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t`Loading the outbox`} />
        </Center>
      ) : rows.length === 0 ? (
        <Card withBorder radius="lg" p="xl" data-testid="outbox-empty">
          <Stack align="center" gap="sm">
            <IconInbox size={48} stroke={1.4} aria-hidden />
            <Text c="dimmed">
              {debounced || status ? (
                <Trans>No mail matches.</Trans>
              ) : (
                <Trans>No mail has been sent yet.</Trans>
              )}
            </Text>
          </Stack>
        </Card>
      ) : wide ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="outbox-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Subject</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>To</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Kind</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Created</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((m) => (
                <Table.Tr key={m.id} data-testid="outbox-row">
                  <Table.Td>{subject(m)}</Table.Td>
                  <Table.Td>{m.to}</Table.Td>
                  <Table.Td>{m.kind}</Table.Td>
                  <Table.Td>{when(m.createdAt)}</Table.Td>
                  <Table.Td>{badge(m)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="sm">
          {rows.map((m) => (
            <Card key={m.id} withBorder radius="lg" data-testid="outbox-row">
              <Stack gap={4}>
                {subject(m)}
                <Text size="sm">{m.to}</Text>
                <Group gap="xs">
                  {badge(m)}
                  <Text size="xs" c="dimmed">
                    {m.kind} · {when(m.createdAt)}
                  </Text>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}

      {pages > 1 && (
        <Pagination total={pages} value={page + 1} onChange={(n) => setPage(n - 1)} aria-label={t`Pages`} />
      )}

      <Modal
        opened={open !== null}
        onClose={() => {
          setOpen(null);
          setConfirmResend(false);
        }}
        title={open?.subject}
        size="xl"
        fullScreen={!wide}
      >
        {open ? (
          <Stack gap="md">
            <MailPreview id={open.id} />
            {confirmResend ? (
              <Alert color="yellow" title={t`Send this mail again?`}>
                <Text size="sm" mb="sm">
                  {list.data?.delivery === "smtp" ? (
                    <Trans>It goes to {open.to} now, through the mail server.</Trans>
                  ) : (
                    <Trans>A copy is added to the outbox (no mail server is configured).</Trans>
                  )}
                </Text>
                <Group gap="sm">
                  <Button loading={resend.isPending} onClick={() => resend.mutate(open.id)}>
                    <Trans>Send again</Trans>
                  </Button>
                  <Button variant="default" onClick={() => setConfirmResend(false)}>
                    <Trans>Cancel</Trans>
                  </Button>
                </Group>
              </Alert>
            ) : (
              <Group justify="flex-end">
                <Button
                  leftSection={<IconSend size={16} />}
                  variant="light"
                  onClick={() => setConfirmResend(true)}
                >
                  <Trans>Resend</Trans>
                </Button>
              </Group>
            )}
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
