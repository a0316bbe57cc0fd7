/** One record's sync state (its outbox entries, live): synced, waiting, rejected or in conflict. */
import { Trans } from "@lingui/react/macro";
import { Anchor, Badge, Group } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import type { OutboxEntry } from "../../sync/db";
import { getDb } from "../offline/db";

function useRecordOutbox(entity: string, id: string): OutboxEntry[] | undefined {
  return useLiveQuery(
    () => getDb().outbox.where("[entity+id]").equals([entity, id]).sortBy("seq"),
    [entity, id],
  );
}

export function RecordSyncBadge({ entity, id }: { entity: string; id: string }) {
  const entries = useRecordOutbox(entity, id);
  if (!entries) return null;
  const held = entries.find((e) => e.state === "conflict") ?? entries.find((e) => e.state === "rejected");
  return (
    <Group gap="xs" role="status">
      {held ? (
        <>
          <Badge color="red" variant="light">
            {held.state === "conflict" ? (
              <Trans>Needs your choice</Trans>
            ) : (
              <Trans>Rejected by the server</Trans>
            )}
          </Badge>
          <Anchor component={Link} to="/dashboard/sync" size="sm">
            <Trans>Open the sync screen</Trans>
          </Anchor>
        </>
      ) : entries.length > 0 ? (
        <Badge color="yellow" variant="light">
          <Trans>Waiting to sync</Trans>
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          <Trans>Synced</Trans>
        </Badge>
      )}
    </Group>
  );
}
