/**
 * /dashboard/sync: every write of this device not yet on the server (the outbox), with what
 * the person wrote, its state and the server's reason when it was refused; retry, discard
 * (confirmed), and for conflicts the field-by-field choice (docs/offline.md). A marketplace staff
 * member's changes in a seller's inventory are listed under the seller's name (docs/marketplace.md).
 */
import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Radio,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCloudCheck, IconRefresh } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { typeOf } from "../../../domain/sync/entity";
import { type ConflictRecord, type OutboxEntry, recordTable } from "../../../sync/db";
import type { ConflictChoice, DrainResult } from "../../../sync/engine";
import { useCompanyId } from "../../offline/company-context";
import { getDb } from "../../offline/db";
import { sellerCompanies } from "../../offline/seller-companies";
import { useSyncEngine } from "../../offline/sync-engine";
import { SYNCED_TYPES } from "../../offline/synced-types";
import { AppModal } from "../../ui/AppModal";
import { usePageTitle } from "../../ui/usePageTitle";
import { HrefLink, inventoryLinksFor } from "../inventory/inventory-area";
import { formatValue } from "../inventory/record-fields";
import { type CompanyGroup, groupByCompany } from "./company-groups";
import { entityName, entryAction, fieldName, recordLabel, writtenFields } from "./describe-entry";

interface Row {
  entry: OutboxEntry;
  conflict: ConflictRecord | undefined;
  local: Record<string, unknown> | null;
}

/**
 * The outbox of the company and of the sellers worked for on this device, oldest first, with
 * conflicts and the local rows, by company (undefined while loading).
 */
function useSyncGroups(companyId: string | null): CompanyGroup<Row>[] | undefined {
  return useLiveQuery(async () => {
    const db = getDb();
    const sellers = await sellerCompanies(db);
    const entries = (await db.outbox.orderBy("seq").toArray()).filter(
      (e) => !companyId || e.companyId === companyId || sellers.has(e.companyId),
    );
    const conflicts = await db.conflicts.bulkGet(entries.map((e) => e.seq as number));
    const rows: Row[] = [];
    for (const [i, entry] of entries.entries()) {
      // an import chunk is named by its batch; any other entry by its record
      const local = (
        entry.bulk
          ? entry.bulk.batchId
            ? await db.batches.get(entry.bulk.batchId)
            : undefined
          : await recordTable(db, typeOf(SYNCED_TYPES, entry.entity)).get(entry.id)
      ) as Record<string, unknown> | undefined;
      rows.push({ entry, conflict: conflicts[i] ?? undefined, local: local ?? null });
    }
    return groupByCompany(rows, companyId, sellers);
  }, [companyId]);
}

function StateBadge({ entry }: { entry: OutboxEntry }) {
  return (
    <Badge color={BADGE_COLORS[entry.state]} style={{ flexShrink: 0 }}>
      <StateText entry={entry} />
    </Badge>
  );
}

const BADGE_COLORS: Record<OutboxEntry["state"], string> = {
  rejected: "red",
  conflict: "orange",
  sending: "blue",
  waiting: "yellow",
};

function StateText({ entry }: { entry: OutboxEntry }) {
  switch (entry.state) {
    case "rejected":
      return <Trans>Rejected</Trans>;
    case "conflict":
      return <Trans>Needs your choice</Trans>;
    case "sending":
      return <Trans>Sending</Trans>;
    default:
      return <Trans>Waiting</Trans>;
  }
}

function actionText(i18n: I18n, e: OutboxEntry): string {
  const what = entityName(i18n, e.entity);
  const count = e.bulk?.count ?? 0;
  switch (entryAction(e)) {
    case "import":
      return i18n._(
        msg`${plural(count, { one: "# new item from an import", other: "# new items from an import" })}`,
      );
    case "create":
      return i18n._(msg`New ${what}`);
    case "delete":
      return i18n._(msg`Delete ${what}`);
    default:
      return i18n._(msg`Change to ${what}`);
  }
}

/** The values the person wrote, as a two-column table. */
function WrittenValues({ entry }: { entry: OutboxEntry }) {
  const { i18n } = useLingui();
  // a new record lists only what it has (not every empty field); a change lists every field it sets
  const fields = writtenFields(entry).filter(
    ([f, v]) =>
      entryAction(entry) !== "create" ||
      (formatValue(i18n, f, v) !== "—" && !(Array.isArray(v) && v.length === 0)),
  );
  if (fields.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {fields.map(([f, v]) => (
            <Table.Tr key={f}>
              <Table.Th w="40%" fw={500} c="dimmed">
                {fieldName(i18n, entry.entity, f)}
              </Table.Th>
              <Table.Td style={{ wordBreak: "break-word" }}>{formatValue(i18n, f, v)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ConfirmDiscard({
  entry,
  label,
  opened,
  onClose,
}: {
  entry: OutboxEntry;
  label: string;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useLingui();
  const engine = useSyncEngine();
  const [busy, setBusy] = useState(false);
  const action = entryAction(entry);
  const discard = async () => {
    setBusy(true);
    try {
      await engine.discard(entry.seq as number);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal opened={opened} onClose={onClose} title={t`Discard this change?`} centered>
      <Stack>
        <Text>
          {action === "import" ? (
            <Trans>
              The items of this import that are not on the server yet are removed from this device.
            </Trans>
          ) : action === "create" ? (
            <Trans>“{label}” was never saved on the server. Discarding removes it from this device.</Trans>
          ) : action === "delete" ? (
            <Trans>The deletion of “{label}” is dropped: the record comes back as the server has it.</Trans>
          ) : (
            <Trans>Your change to “{label}” is dropped: the record goes back to the server's version.</Trans>
          )}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            <Trans>Keep it</Trans>
          </Button>
          <Button color="red" onClick={discard} loading={busy}>
            <Trans>Discard</Trans>
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** Update conflict: per field, the person's value or the server's. */
function ChooseFields({ entry, conflict }: { entry: OutboxEntry; conflict: ConflictRecord }) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const [choice, setChoice] = useState<ConflictChoice>({});
  const [busy, setBusy] = useState(false);
  const complete = conflict.fields.every((f) => choice[f]);
  const apply = async () => {
    setBusy(true);
    try {
      await engine.resolveConflict(entry.seq as number, choice);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>Someone else changed the same fields meanwhile. Choose which value to keep for each.</Trans>
      </Text>
      {conflict.fields.map((f) => {
        const name = fieldName(i18n, entry.entity, f);
        const mine = formatValue(i18n, f, conflict.mine?.[f]);
        const theirs = formatValue(i18n, f, conflict.theirs[f]);
        return (
          <Radio.Group
            key={f}
            label={name}
            value={choice[f] ?? null}
            onChange={(v) => setChoice((c) => ({ ...c, [f]: v as "mine" | "theirs" }))}
          >
            <Stack gap={6} mt={6}>
              <Radio value="mine" label={t`Mine: ${mine}`} />
              <Radio value="theirs" label={t`Server's: ${theirs}`} />
            </Stack>
          </Radio.Group>
        );
      })}
      <Group>
        <Button onClick={apply} loading={busy} disabled={!complete}>
          <Trans>Apply my choices</Trans>
        </Button>
        {!complete && (
          <Text size="sm" c="dimmed">
            <Trans>Choose a value for each field first.</Trans>
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** Delete conflict: the server changed what the person deleted. */
function ChooseDelete({ entry, conflict }: { entry: OutboxEntry; conflict: ConflictRecord }) {
  const { i18n } = useLingui();
  const engine = useSyncEngine();
  const [busy, setBusy] = useState<"delete" | "keep" | null>(null);
  const choose = async (c: "delete" | "keep") => {
    setBusy(c);
    try {
      await engine.resolveConflict(entry.seq as number, c);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>You deleted this record, but someone changed it meanwhile:</Trans>
      </Text>
      {conflict.fields.length > 0 && (
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            {conflict.fields.map((f) => (
              <Table.Tr key={f}>
                <Table.Th w="40%" fw={500} c="dimmed">
                  {fieldName(i18n, entry.entity, f)}
                </Table.Th>
                <Table.Td>{formatValue(i18n, f, conflict.theirs[f])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button color="red" onClick={() => choose("delete")} loading={busy === "delete"} disabled={!!busy}>
          <Trans>Delete anyway</Trans>
        </Button>
        <Button variant="default" onClick={() => choose("keep")} loading={busy === "keep"} disabled={!!busy}>
          <Trans>Keep the record</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function EntryCard({ row, sellerId }: { row: Row; sellerId: string | null }) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const { entry, conflict, local } = row;
  const [discardOpen, discard] = useDisclosure(false);
  const [retrying, setRetrying] = useState(false);
  const label = entry.bulk && !local ? t`items without a batch` : recordLabel(entry, local);
  const when = i18n.date(entry.createdAt, { dateStyle: "medium", timeStyle: "short" });
  const retry = async () => {
    setRetrying(true);
    try {
      await engine.retry(entry.seq as number);
    } finally {
      setRetrying(false);
    }
  };
  const linkable = entry.entity === "item" && !entry.bulk && local !== null;

  return (
    <Card withBorder padding="md" component="li" aria-label={`${actionText(i18n, entry)}: ${label}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ wordBreak: "break-word" }}>
              {actionText(i18n, entry)}:{" "}
              {linkable ? (
                <Anchor
                  renderRoot={(props) => (
                    <HrefLink {...props} href={inventoryLinksFor(sellerId).item(entry.id)} />
                  )}
                >
                  {label}
                </Anchor>
              ) : (
                label
              )}
            </Text>
            <Text size="xs" c="dimmed">
              <Trans>Written {when}</Trans>
              {entry.attempts > 0 && entry.lastStatus !== 0 ? (
                <>
                  {" · "}
                  {t`Tries: ${entry.attempts}`}
                </>
              ) : null}
            </Text>
          </div>
          <StateBadge entry={entry} />
        </Group>

        {entry.state === "rejected" && (
          <Alert color="red" title={t`The server refused this change`}>
            {entry.error ?? t`No reason was given.`}
          </Alert>
        )}
        {entry.state !== "rejected" && entry.state !== "conflict" && entry.error && (
          <Text size="sm" c="dimmed">
            {entry.lastStatus === 0 ? t`Waiting for the network` : entry.error}
          </Text>
        )}

        {conflict?.kind === "update" && <ChooseFields entry={entry} conflict={conflict} />}
        {conflict?.kind === "delete" && <ChooseDelete entry={entry} conflict={conflict} />}

        {entryAction(entry) !== "delete" && !conflict && (
          <div>
            <Text size="sm" fw={500}>
              <Trans>What you wrote</Trans>
            </Text>
            <WrittenValues entry={entry} />
          </div>
        )}

        <Group gap="xs">
          {(entry.state === "rejected" || (entry.state === "waiting" && entry.notBefore !== null)) && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={retry}
              loading={retrying}
            >
              <Trans>Retry</Trans>
            </Button>
          )}
          {entry.state !== "sending" && (
            <Button size="xs" variant="subtle" color="red" onClick={discard.open}>
              <Trans>Discard</Trans>
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDiscard entry={entry} label={label} opened={discardOpen} onClose={discard.close} />
    </Card>
  );
}

/** One company's queued changes; titled when the device holds changes of more than one. */
function CompanyChanges({ group, titled }: { group: CompanyGroup<Row>; titled: boolean }) {
  const { t } = useLingui();
  const seller = group.sellerName;
  const title = group.sellerId
    ? seller
      ? t`Inventory of ${seller}`
      : t`A seller's inventory`
    : t`Your company`;
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      {titled && (
        <Title order={2} size="h4">
          {title}
        </Title>
      )}
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Changes`}>
        {group.rows.map((row) => (
          <EntryCard key={row.entry.seq} row={row} sellerId={group.sellerId} />
        ))}
      </Stack>
    </Stack>
  );
}

function syncResultText(i18n: I18n, r: DrainResult, pullError: string | null): string {
  if (r.stopped === "offline")
    return i18n._(
      msg`You are offline. Your changes are kept on this device and sent when you are back online.`,
    );
  if (r.stopped === "auth") return i18n._(msg`Sign in again to send your changes.`);
  if (r.stopped === "backoff") return i18n._(msg`The server is busy; sending again shortly.`);
  if (pullError) return i18n._(msg`Changes sent, but the latest data could not be fetched: ${pullError}`);
  return i18n._(msg`Sync finished.`);
}

export function SyncPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Sync`);
  const companyId = useCompanyId();
  const engine = useSyncEngine();
  const groups = useSyncGroups(companyId);
  const rows = groups?.flatMap((g) => g.rows);
  const [syncing, setSyncing] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const syncNow = async () => {
    setSyncing(true);
    setResult(null);
    try {
      const r = await engine.drain();
      let pullError: string | null = null;
      if (r.stopped === null && companyId) {
        try {
          await engine.pull(companyId);
        } catch (e) {
          pullError = e instanceof Error ? e.message : String(e);
        }
      }
      setResult(syncResultText(i18n, r, pullError));
    } finally {
      setSyncing(false);
    }
  };

  const held = rows?.filter((r) => r.entry.state === "rejected" || r.entry.state === "conflict").length ?? 0;

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>
            <Trans>Sync</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            <Trans>Changes made on this device that the server has not confirmed yet.</Trans>
          </Text>
        </div>
        <Button leftSection={<IconRefresh size={16} />} onClick={syncNow} loading={syncing}>
          <Trans>Sync now</Trans>
        </Button>
      </Group>
      <Text role="status" aria-live="polite" size="sm">
        {result ?? ""}
      </Text>

      {rows === undefined ? (
        <Group>
          <Loader size="sm" />
          <Text>
            <Trans>Loading…</Trans>
          </Text>
        </Group>
      ) : rows.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" color="green" variant="light">
              <IconCloudCheck size={28} />
            </ThemeIcon>
            <Title order={2} size="h3">
              <Trans>Everything is synced</Trans>
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              <Trans>Every change made on this device is on the server.</Trans>
            </Text>
          </Stack>
        </Card>
      ) : (
        <>
          {held > 0 && (
            <Alert color="orange">
              <Trans>
                Some changes need you: the server refused them or someone else changed the same data. Other
                changes keep syncing meanwhile.
              </Trans>
            </Alert>
          )}
          {groups?.map((group) => (
            <CompanyChanges key={group.sellerId ?? "own"} group={group} titled={groups.length > 1} />
          ))}
        </>
      )}
    </Stack>
  );
}
