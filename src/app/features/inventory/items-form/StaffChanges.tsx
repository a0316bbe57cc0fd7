/**
 * "Changed by marketplace staff" on the item form (docs/marketplace.md "Who changed what"): the
 * writes marketplace staff made to this item for its seller, newest first, with the staff
 * member's name (GET /api/inventory/items/{id}/history) and, under each, the fields that write
 * changed, old → new, named and formatted as the sync screen names them. A write recorded
 * before fields were kept (or an import, a delete) lists none. Online only: shown when it loads,
 * and nothing when the item has no staff change.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { List, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../../lib/http";
import { formatValue, inventoryFieldName } from "../record-fields";

interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

interface StaffChange {
  at: string;
  by: { id: string | null; displayName: string };
  kind: "import" | "status" | "change" | "delete";
  fields?: FieldChange[];
}

/** Fields whose value is a record id: only that they changed is shown. */
const ID_FIELDS = new Set(["batchId", "productId"]);

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
  const fieldChange = (f: FieldChange) => {
    const name = inventoryFieldName(i18n, "item", f.field);
    if (ID_FIELDS.has(f.field)) return t`${name} changed`;
    const from = formatValue(i18n, f.field, f.from);
    const to = formatValue(i18n, f.field, f.to);
    return t`${name}: ${from} → ${to}`;
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
              {(r.fields?.length ?? 0) > 0 && (
                <List size="sm" withPadding spacing={2} data-testid="staff-change-fields">
                  {r.fields?.map((f) => (
                    <List.Item key={f.field}>
                      <Text size="sm" c="dimmed" lineClamp={3}>
                        {fieldChange(f)}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
