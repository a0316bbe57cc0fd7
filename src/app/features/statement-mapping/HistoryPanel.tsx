import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Code, Skeleton, Stack, Text, Timeline } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { mappingQueries } from "./api";
import { showValue } from "./ConflictModal";
import { ACTION_LABELS } from "./labels";

/** Every change: who, when, old → new. */
export function HistoryPanel({ fileId }: { fileId: string }) {
  const { t, i18n } = useLingui();
  const q = useQuery(mappingQueries.history(fileId));
  if (q.isPending) return <Skeleton height={120} />;
  if (q.isError)
    return (
      <Alert color="red" title={t`The history could not be loaded`}>
        {q.error.message}
      </Alert>
    );
  const events = [...q.data.events].reverse();
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>No changes yet.</Trans>
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="history">
      {events.map((e) => {
        const label = ACTION_LABELS[e.action];
        return (
          <Timeline.Item key={e.id} title={label ? i18n._(label) : e.action}>
            <Text size="xs" c="dimmed">
              {e.by?.displayName ?? t`Someone`} ·{" "}
              {i18n.date(e.at, { dateStyle: "medium", timeStyle: "short" })} · {t`version ${e.version}`}
            </Text>
            <Stack gap={2} mt={4}>
              {e.changes.slice(0, 20).map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a path may change twice
                <Text size="xs" key={i}>
                  <Code>{c.path}</Code> {showValue(c.from)} → {showValue(c.to)}
                </Text>
              ))}
              {e.changes.length > 20 && (
                <Text size="xs" c="dimmed">
                  {t`and ${e.changes.length - 20} more`}
                </Text>
              )}
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
