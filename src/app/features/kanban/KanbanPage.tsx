/**
 * /dashboard/kanban (issue 14, docs/kanban.md): the company's boards, read live from Dexie and
 * changed through the outbox, so the board works offline and shows other members' changes as
 * the sync feed brings them. A company without a board gets its default board (the same on
 * every device); with several boards a picker chooses one. New boards and renames are synced
 * writes like every other board change, so they work offline too.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Center, Group, Loader, Select, Stack, Title } from "@mantine/core";
import { IconEdit, IconPlus } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useState } from "react";
import { KANBAN_LIMITS } from "../../../domain/kanban/board";
import { compareOrdered } from "../../../domain/sync/order-key";
import { useCompanyId } from "../../offline/company-context";
import { getDb } from "../../offline/db";
import { useSyncEngine } from "../../offline/sync-engine";
import { NameModal } from "../../ui/NameModal";
import { usePageTitle } from "../../ui/usePageTitle";
import { BoardView } from "./BoardView";
import { boardWrites, ensureDefaultBoard } from "./board-writes";
import { failed } from "./write-failed";

function Boards({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const engine = useSyncEngine();
  const db = getDb();
  const boards = useLiveQuery(
    async () =>
      (await db.kanbanBoards.where("companyId").equals(companyId).toArray()).sort((a, b) =>
        compareOrdered({ id: a.id, position: a.createdAt }, { id: b.id, position: b.createdAt }),
      ),
    [db, companyId],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const [naming, setNaming] = useState<"new" | "rename" | null>(null);
  const writes = useMemo(() => boardWrites(engine, companyId), [engine, companyId]);
  const empty = boards?.length === 0;

  // no board on this device: pull first (the company may have one), then make the default board
  useEffect(() => {
    if (!empty) return;
    let stop = false;
    void (async () => {
      await engine.pull(companyId).catch(() => undefined);
      if (stop) return;
      await ensureDefaultBoard(engine, companyId, {
        board: t`Team board`,
        columns: [t`To do`, t`In progress`, t`Done`],
      }).catch(failed);
    })();
    return () => {
      stop = true;
    };
  }, [empty, engine, companyId, t]);

  const board = boards?.find((b) => b.id === chosen) ?? boards?.[0];
  if (!boards || !board)
    return (
      <Center mih={240}>
        <Loader aria-label={t`Loading the board`} />
      </Center>
    );
  const boardName = board.name;
  return (
    <Stack>
      <Group align="flex-end" justify="space-between" gap="sm">
        {boards.length > 1 ? (
          <Select
            label={t`Board`}
            data={boards.map((b) => ({ value: b.id, label: b.name }))}
            value={board.id}
            allowDeselect={false}
            onChange={setChosen}
            w={280}
            maw="100%"
          />
        ) : (
          <Title order={2} size="h4">
            {boardName}
          </Title>
        )}
        <Group gap="xs">
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setNaming("rename")}>
            <Trans>Rename board</Trans>
          </Button>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setNaming("new")}>
            <Trans>New board</Trans>
          </Button>
        </Group>
      </Group>
      <BoardView key={board.id} companyId={companyId} boardId={board.id} />
      <NameModal
        maxLength={KANBAN_LIMITS.nameMax}
        opened={naming !== null}
        title={naming === "rename" ? t`Rename board ${boardName}` : t`New board`}
        label={t`Board name`}
        initial={naming === "rename" ? boardName : ""}
        onClose={() => setNaming(null)}
        onSave={async (name) => {
          try {
            if (naming === "rename") await writes.renameBoard(board.id, name);
            else setChosen(await writes.addBoard(name, [t`To do`, t`In progress`, t`Done`]));
            setNaming(null);
          } catch (error) {
            failed(error);
          }
        }}
      />
    </Stack>
  );
}

export function KanbanPage() {
  const { t } = useLingui();
  usePageTitle(t`Kanban`);
  const companyId = useCompanyId();
  return (
    <Stack>
      <Title order={1}>
        <Trans>Kanban</Trans>
      </Title>
      {companyId ? (
        <Boards companyId={companyId} />
      ) : (
        <Alert color="yellow" title={t`No company yet`}>
          <Trans>The board belongs to a company. Create or join one on the Company Account page first.</Trans>
        </Alert>
      )}
    </Stack>
  );
}
