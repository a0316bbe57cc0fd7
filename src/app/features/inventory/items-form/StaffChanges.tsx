/**
 * "Changed by marketplace staff" on the item form (docs/marketplace.md "Who changed what"): the
 * writes marketplace staff made to this item for its seller, newest first, with the staff
 * member's name (GET /api/inventory/items/{id}/history). Online only: shown when it loads, and
 * nothing when the item has no staff change.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { List, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../../lib/http";

interface StaffChange {
  at: string;
  by: { id: string | null; displayName: string };
  kind: "import" | "status" | "change" | "delete";
}

export function StaffChanges({ itemId }: { itemId: string }) {
  const { t, i18n } = useLingui();
  const history = useQuery({
    queryKey: ["inventory", "item-history", itemId],
    queryFn: ({ signal }) =>
      http.get<{ rows: StaffChange[] }>(`/api/inventory/items/${encodeURIComponent(itemId)}/history`, {
        signal,
        keepForbidden: true,
      }),
    retry: false,
  });
  const rows = history.data?.rows ?? [];
  if (rows.length === 0) return null;
  const sentence = (r: StaffChange) => {
    const name = r.by.displayName;
    const when = i18n.date(new Date(r.at), { dateStyle: "medium", timeStyle: "short" });
    if (r.kind === "import") return t`${when}: ${name} imported this item`;
    if (r.kind === "status") return t`${when}: ${name} changed its status`;
    if (r.kind === "delete") return t`${when}: ${name} deleted this item`;
    return t`${when}: ${name} changed this item`;
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="staff-changes">
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans>Changed by marketplace staff</Trans>
        </Title>
        <List spacing={4} size="sm">
          {rows.map((r) => (
            <List.Item key={`${r.at}-${r.kind}`}>
              <Text size="sm" span>
                {sentence(r)}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
