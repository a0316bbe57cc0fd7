import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { HrefLink, inventoryLinksFor } from "../inventory/inventory-area";
import { ITEM_STATUS_COLORS, ITEM_STATUS_LABELS } from "../inventory/item-status";
import { CompanyCard, Empty, UserViewFrame, ViewSection } from "./UserViewFrame";
import { useWhen } from "./user-link";
import { userViewQueries } from "./user-view-api";

/**
 * An item's form in its company's scope (the marketplace item screen, which a super admin may open
 * in any seller: docs/marketplace.md "Super admins in any seller's scope").
 */
const itemHref = (companyId: string, companyName: string, itemId: string) =>
  `${inventoryLinksFor(companyId).item(itemId)}&${new URLSearchParams({ name: companyName })}`;

/** /admin/batch-item/list/{userId}: the import batches of the user's companies and their items. */
export function UserBatchesPage({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const when = useWhen(i18n);
  const query = useQuery(userViewQueries.batches(userId));
  const status = (s: string) => {
    const m = ITEM_STATUS_LABELS[s as keyof typeof ITEM_STATUS_LABELS];
    return m ? i18n._(m) : s;
  };
  return (
    <UserViewFrame
      userId={userId}
      query={query}
      title={t`Import batches`}
      other={
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/admin/view/$userId" params={{ userId }} />}
        >
          <Trans>View as user</Trans>
        </Anchor>
      }
    >
      {(data) =>
        data.companies.map((c) => (
          <CompanyCard key={c.id} company={c}>
            {c.batches.length === 0 ? (
              <Empty>
                <Trans>No import batches.</Trans>
              </Empty>
            ) : (
              c.batches.map((b) => (
                <ViewSection
                  key={b.id}
                  testId="view-batch"
                  title={
                    <>
                      {b.name}{" "}
                      <Text span size="xs" c="dimmed" fw={400}>
                        {b.sourceFileName ? `${b.sourceFileName} · ` : ""}
                        {when(b.createdAt)}
                      </Text>
                    </>
                  }
                >
                  {b.items.length === 0 ? (
                    <Empty>
                      <Trans>No items in this batch.</Trans>
                    </Empty>
                  ) : (
                    <Stack gap={6}>
                      {b.items.map((i) => (
                        <Group
                          key={i.id}
                          justify="space-between"
                          gap="xs"
                          wrap="wrap"
                          data-testid="view-item"
                        >
                          <Anchor
                            size="sm"
                            style={{ overflowWrap: "anywhere" }}
                            component={HrefLink}
                            href={itemHref(c.id, c.companyName, i.id)}
                          >
                            <Text span fw={600} inherit>
                              {i.sku}
                            </Text>{" "}
                            {i.title}
                          </Anchor>
                          <Group gap="xs">
                            <Text size="xs" c="dimmed">
                              <Trans>
                                Qty {i.quantity} · Photos: {i.photos}
                              </Trans>
                            </Text>
                            <Badge
                              variant="light"
                              color={
                                ITEM_STATUS_COLORS[i.status as keyof typeof ITEM_STATUS_COLORS] ?? "gray"
                              }
                            >
                              {status(i.status)}
                            </Badge>
                          </Group>
                        </Group>
                      ))}
                    </Stack>
                  )}
                </ViewSection>
              ))
            )}
          </CompanyCard>
        ))
      }
    </UserViewFrame>
  );
}
