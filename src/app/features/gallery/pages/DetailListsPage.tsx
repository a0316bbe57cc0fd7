import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ArticleStateBadge } from "../../articles/ArticleStateBadge";
import { ITEM_STATUS_COLORS, ITEM_STATUS_LABELS } from "../../inventory/item-status";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const listCode = `// A description list: the term on the left from sm, above its value on a phone.
<SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing={4} verticalSpacing="sm">
  <Text component="dt" c="dimmed" size="sm">{t\`Status\`}</Text>
  <Text component="dd" m={0}>
    <Badge color={ITEM_STATUS_COLORS.listed} variant="light">
      {i18n._(ITEM_STATUS_LABELS.listed)}
    </Badge>
  </Text>
  …
</SimpleGrid>`;

const stackedCode = `// Only dt/dd pairs (or divs holding one pair) may sit inside a dl: no dividers.
<Stack gap="xs" component="dl">
  <Group justify="space-between" wrap="nowrap">
    <Text component="dt" c="dimmed" size="sm">{t\`Article\`}</Text>
    <Text component="dd" m={0}><ArticleStateBadge state="published" /></Text>
  </Group>
  …
</Stack>`;

function Row({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <Text component="dt" c="dimmed" size="sm">
        {term}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </>
  );
}

/** /components/data-display/detail-lists: a record's fields as term and value. */
export default function DetailListsPage() {
  const { t, i18n } = useLingui();
  return (
    <GalleryPage
      title={t`Detail lists`}
      intro={<Trans>One record's fields, as the item and filing pages show them.</Trans>}
    >
      <Example title={t`Two columns`} code={listCode}>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing={4} verticalSpacing="sm" m={0}>
          <Row term={t`Inventory title`}>{t`Oak side table`}</Row>
          <Row term={t`Status`}>
            <Badge color={ITEM_STATUS_COLORS.listed} variant="light">
              {i18n._(ITEM_STATUS_LABELS.listed)}
            </Badge>
          </Row>
          <Row term={t`Quantity`}>{i18n.number(3)}</Row>
          <Row term={t`Price`}>{i18n.number(149, { style: "currency", currency: "USD" })}</Row>
        </SimpleGrid>
      </Example>
      <Example title={t`Stacked`} code={stackedCode}>
        <Stack gap="xs" component="dl" m={0}>
          <Group justify="space-between" wrap="nowrap">
            <Text component="dt" c="dimmed" size="sm">
              {t`Article`}
            </Text>
            <Text component="dd" m={0}>
              <ArticleStateBadge state="published" />
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text component="dt" c="dimmed" size="sm">
              {t`Draft`}
            </Text>
            <Text component="dd" m={0}>
              <ArticleStateBadge state="draft" />
            </Text>
          </Group>
        </Stack>
      </Example>
    </GalleryPage>
  );
}
