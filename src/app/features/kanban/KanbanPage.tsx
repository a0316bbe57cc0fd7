/**
 * /dashboard/kanban (issue 14, docs/kanban.md): the company's boards, read live from Dexie and
 * changed through the outbox, so the board works offline and shows other members' changes as
 * the sync feed brings them. A company without a board gets its default board (the same on
 * every device); with several boards a picker chooses one.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Center, Group, Loader, Select, Stack, Title } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { compareOrdered } from "../../../domain/sync/order-key";
import { getDb } from "../../offline/db";
import { useCompanyId, useSyncEngine } from "../../offline/sync-provider";
import { usePageTitle } from "../../ui/usePageTitle";
import { BoardView } from "./BoardView";
import { ensureDefaultBoard } from "./board-writes";
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
  return (
    <Stack>
      {boards.length > 1 && (
        <Group>
          <Select
            label={t`Board`}
            data={boards.map((b) => ({ value: b.id, label: b.name }))}
            value={board.id}
            allowDeselect={false}
            onChange={setChosen}
            w={280}
          />
        </Group>
      )}
      <BoardView key={board.id} companyId={companyId} boardId={board.id} />
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
