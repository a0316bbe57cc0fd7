import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Loader, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { ChatThreadApi } from "../../../domain/chat/types";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { chatApi, chatQueries } from "./api";
import { ChatSplit } from "./ChatSplit";
import { ChatThreadList } from "./ChatThreadList";
import { ChatThreadView } from "./ChatThreadView";
import { useAdminChat } from "./use-admin-chat";

/** The staff's assign menu for one thread: staff of the thread's area, or nobody. */
function AssignSelect({ thread, onAssigned }: { thread: ChatThreadApi; onAssigned(t: ChatThreadApi): void }) {
  const { t } = useLingui();
  const staff = useQuery(chatQueries.staff());
  const assign = useMutation({
    mutationFn: (userId: string | null) => chatApi.assign(thread.id, userId),
    onSuccess: onAssigned,
  });
  const data = (staff.data ?? [])
    .filter((s) => s.kinds.includes(thread.kind))
    .map((s) => ({ value: s.id, label: s.name }));
  return (
    <Select
      w={200}
      size="xs"
      label={t`Assigned to`}
      placeholder={t`Nobody`}
      clearable
      data={data}
      value={thread.assignedTo?.id ?? null}
      onChange={(value) => assign.mutate(value)}
      error={assign.isError ? t`Could not assign` : undefined}
    />
  );
}

/** /admin/chat: every thread of the staff's areas, newest first, searchable, paged with "Load more". */
export function AdminChatPage({
  threadId,
  sellerId = null,
  onOpen,
}: {
  threadId: string | null;
  /** A seller company whose support thread to open (the links from the marketplace seller pages). */
  sellerId?: string | null;
  onOpen(id: string | null): void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Chat`);
  const { user } = useAuth();
  const phone = useMediaQuery("(max-width: 48em)");
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);
  const list = useAdminChat(query);
  const [picked, setPicked] = useState<ChatThreadApi | null>(null);
  const seller = useQuery({
    queryKey: ["chat", "seller-support", sellerId],
    queryFn: () => chatApi.sellerSupport(sellerId as string),
    enabled: !!sellerId,
    retry: false,
  });
  const opened = seller.data;
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  useEffect(() => {
    if (!opened) return;
    setPicked(opened);
    openRef.current(opened.id);
  }, [opened]);
  const current = list.threads.find((th) => th.id === threadId) ?? (picked?.id === threadId ? picked : null);

  const listPanel = (
    <Paper withBorder p="xs" radius="md">
      <Stack gap="xs">
        <TextInput
          label={t`Search conversations`}
          placeholder={t`Subject, company or link id`}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {seller.isError && (
          <Alert color="red" title={t`The seller's conversation could not be opened`} role="alert" />
        )}
        {list.failed && (
          <Alert color="red" title={t`Conversations could not be loaded`}>
            <Button size="compact-sm" variant="light" onClick={list.reload}>
              <Trans>Try again</Trans>
            </Button>
          </Alert>
        )}
        <ChatThreadList
          threads={list.threads}
          current={threadId}
          showCompany
          onOpen={(th) => {
            setPicked(th);
            onOpen(th.id);
          }}
        />
        {list.loading && <Loader size="sm" aria-label={t`Loading conversations`} />}
        {list.hasMore && !list.loading && (
          <Button variant="light" onClick={list.loadMore}>
            <Trans>Load more</Trans>
          </Button>
        )}
      </Stack>
    </Paper>
  );

  const view = current ? (
    <Paper withBorder p="sm" radius="md">
      <ChatThreadView
        thread={current}
        myId={user?.id ?? null}
        staffView
        onBack={phone ? () => onOpen(null) : undefined}
        actions={
          <AssignSelect
            thread={current}
            onAssigned={(th) => {
              setPicked(th);
              list.replace(th);
            }}
          />
        }
      />
    </Paper>
  ) : (
    <Text c="dimmed" p="md">
      <Trans>Choose a conversation.</Trans>
    </Text>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        <Trans>Chat</Trans>
      </Title>
      <ChatSplit list={listPanel} thread={view} threadOpen={!!current} phone={phone} />
    </Stack>
  );
}
