import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconInfoCircle, IconSearch, IconSend } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { OUTBOX_STATUSES, type OutboxMail, type OutboxStatus } from "../../../domain/outbox";
import { errorText } from "../../lib/error-text";
import { AppModal } from "../../ui/AppModal";
import { ListEmpty } from "../../ui/server-list/ListEmpty";
import { ListPager } from "../../ui/server-list/ListPager";
import { type ListColumn, ListView } from "../../ui/server-list/ListView";
import { pageCount, patchSearch } from "../../ui/server-list/list-search";
import { useSearchBox } from "../../ui/server-list/use-search-box";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { STATUS_COLORS, STATUS_LABELS } from "./labels";
import { MailPreview } from "./MailPreview";
import { outboxApi, outboxKeys } from "./outbox-api";
import type { OutboxSearch } from "./outbox-search";

const ROWS_PER_PAGE = 25;
const ALL = "all";

/**
 * /admin/outbox: every mail the product sent or keeps, newest first, searchable; a mail opens in
 * full (HTML in a sandboxed frame, text) and can be sent again. Without a mail server (SMTP_URL)
 * this is where confirmation and other mails are read. The route owns the search, status and
 * page (outbox-search.ts), so a reload or a shared link shows the same list.
 */
export function OutboxPage({
  search,
  onSearch,
}: {
  search: OutboxSearch;
  onSearch(next: OutboxSearch): void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Outbox`);
  const wide = useMediaQuery("(min-width: 56.25em)", true);
  const client = useQueryClient();
  const change = (patch: Partial<OutboxSearch>) => onSearch(patchSearch(search, patch));
  const box = useSearchBox(search.query, (query) => change({ query }));
  const status = search.status ?? null;
  const page = (search.page ?? 1) - 1;
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const [confirmResend, setConfirmResend] = useState(false);

  const filter = { page, rowsPerPage: ROWS_PER_PAGE, query: search.query ?? "", status };
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
  const pages = pageCount(list.data?.total ?? 0, ROWS_PER_PAGE);
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
  const columns: ListColumn<OutboxMail>[] = [
    { key: "subject", header: <Trans>Subject</Trans>, render: subject },
    { key: "to", header: <Trans>To</Trans>, render: (m) => m.to },
    { key: "kind", header: <Trans>Kind</Trans>, render: (m) => m.kind },
    { key: "created", header: <Trans>Created</Trans>, render: (m) => when(m.createdAt) },
    { key: "status", header: <Trans>Status</Trans>, render: badge },
  ];
  const card = (m: OutboxMail) => (
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
          value={box.typed}
          maxLength={200}
          onChange={(e) => box.type(e.currentTarget.value)}
          data-testid="outbox-search"
        />
        <SegmentedControl
          aria-label={t`Status`}
          value={status ?? ALL}
          onChange={(v) => change({ status: v === ALL ? undefined : (v as OutboxStatus) })}
          data={[
            { value: ALL, label: t`All` },
            ...OUTBOX_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_LABELS[s]) })),
          ]}
        />
      </Group>

      <ListView
        rows={rows}
        pending={list.isPending}
        error={list.isError ? errorText(list.error) : null}
        errorTitle={t`The outbox could not be loaded`}
        loadingLabel={t`Loading the outbox`}
        columns={columns}
        rowKey={(m) => m.id}
        card={card}
        wide={wide}
        minWidth={760}
        testIds={{ row: "outbox-row", table: "outbox-table", empty: "outbox-empty" }}
        empty={
          <ListEmpty testId="outbox-empty">
            <Text c="dimmed">
              {search.query || status ? (
                <Trans>No mail matches.</Trans>
              ) : (
                <Trans>No mail has been sent yet.</Trans>
              )}
            </Text>
          </ListEmpty>
        }
      />

      <ListPager pages={pages} page={page + 1} onChange={(n) => change({ page: n })} />

      <AppModal
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
      </AppModal>
    </Stack>
  );
}
