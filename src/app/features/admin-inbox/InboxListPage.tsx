import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { InboxRow } from "../../../domain/admin/inbox";
import { INBOX_SORTS, type InboxSort } from "../../../domain/admin/list-sorts";
import type { ListSearch } from "../../ui/server-list/list-search";
import { type ListColumn, ServerList } from "../../ui/server-list/ServerList";
import { usePageTitle } from "../../ui/usePageTitle";
import { InboxDrawer } from "./InboxDrawer";
import { type InboxKind, inboxEndpoint } from "./inbox-api";
import { useStateLabels } from "./state-labels";

const STATE_COLOR = { new: "blue", contacted: "teal", scheduled: "grape", closed: "gray" } as const;

/**
 * /admin/demo-requests, /admin/email-demo-requests and /admin/contact-messages: one page over the
 * shared ServerList; a row's Open button shows it in a drawer where staff set its state and notes.
 */
export function InboxListPage({
  kind,
  search,
  onSearch,
}: {
  kind: InboxKind;
  search: ListSearch<InboxSort>;
  onSearch(next: ListSearch<InboxSort>): void;
}) {
  const { t, i18n } = useLingui();
  const title = {
    "demo-requests": t`Demo Requests`,
    "email-demo-requests": t`Email Demo Requests`,
    "contact-messages": t`Contact Messages`,
  }[kind];
  usePageTitle(title);
  const states = useStateLabels();
  const [open, setOpen] = useState<InboxRow | null>(null);
  const when = (iso: string | null) =>
    iso ? i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : "—";
  const label: Record<InboxSort, string> = {
    createdAt: t`Received`,
    name: t`Name`,
    email: t`Email`,
    company: t`Company`,
    state: t`State`,
  };
  const stateBadge = (r: InboxRow) => (
    <Badge color={STATE_COLOR[r.state]} variant="light">
      {states[r.state]}
    </Badge>
  );
  const openButton = (r: InboxRow) => (
    <Button
      size="compact-sm"
      variant="light"
      onClick={() => setOpen(r)}
      aria-label={t`Details of ${r.email}`}
    >
      <Trans>Details</Trans>
    </Button>
  );
  const columns: ListColumn<InboxRow, InboxSort>[] = [
    ...(kind === "email-demo-requests"
      ? []
      : [{ key: "name", header: label.name, sort: "name" as const, render: (r: InboxRow) => r.name }]),
    {
      key: "email",
      header: label.email,
      sort: "email",
      render: (r) => <Anchor href={`mailto:${r.email}`}>{r.email}</Anchor>,
    },
    ...(kind === "email-demo-requests"
      ? []
      : [
          {
            key: "company",
            header: label.company,
            sort: "company" as const,
            render: (r: InboxRow) => r.company ?? "—",
          },
        ]),
    { key: "state", header: label.state, sort: "state", render: stateBadge },
    { key: "at", header: label.createdAt, sort: "createdAt", render: (r) => when(r.createdAt) },
    { key: "open", header: <Trans>Actions</Trans>, render: openButton },
  ];
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <ServerList<InboxRow, InboxSort, ListSearch<InboxSort>>
        endpoint={inboxEndpoint(kind)}
        search={search}
        onSearch={onSearch}
        defaultSort={{ sortBy: "createdAt", sortDir: "desc" }}
        sorts={INBOX_SORTS.map((s) => ({ value: s, label: label[s] }))}
        columns={columns}
        rowKey={(r) => r.id}
        card={(r) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {r.name || r.email}
              </Text>
              {stateBadge(r)}
            </Group>
            {r.name && <Text size="sm">{r.email}</Text>}
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {when(r.createdAt)}
              </Text>
              {openButton(r)}
            </Group>
          </Stack>
        )}
        searchLabel={t`Search`}
        searchPlaceholder={t`Name, email, company, message or notes`}
        emptyText={<Trans>Nothing here yet.</Trans>}
        errorTitle={t`The list could not be loaded`}
        exportFile={`${kind}.csv`}
        testId={kind}
      />
      <InboxDrawer kind={kind} row={open} onClose={() => setOpen(null)} when={when} />
    </Stack>
  );
}
