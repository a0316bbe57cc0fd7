import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Box, Code, Table } from "@mantine/core";
import type { ArticleState } from "../../../../domain/articles/article";
import { ArticleStateBadge } from "../../articles/ArticleStateBadge";
import { ITEM_STATUS_COLORS, ITEM_STATUS_LABELS } from "../../inventory/item-status";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const tableCode = `// Wide tables scroll inside their own region on a phone, never the page.
<Box style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={t\`Items\`}>
  <Table highlightOnHover miw={560}>
    <Table.Caption>{t\`Sample items\`}</Table.Caption>
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t\`Inventory title\`}</Table.Th>
        <Table.Th>{t\`Status\`}</Table.Th>
        <Table.Th ta="right">{t\`Quantity\`}</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>{rows}</Table.Tbody>
  </Table>
</Box>`;

const compactCode = `<Table withTableBorder verticalSpacing="xs">
  <Table.Tbody>
    <Table.Tr>
      <Table.Th scope="row">{t\`RPIE guide\`}</Table.Th>
      <Table.Td><ArticleStateBadge state="published" /></Table.Td>
    </Table.Tr>
  </Table.Tbody>
</Table>`;

/** /components/data-display/tables */
export default function TablesPage() {
  const { t, i18n } = useLingui();
  const items = [
    { title: t`Oak side table`, status: "listed", quantity: 3 },
    { title: t`Brass floor lamp`, status: "sold", quantity: 1 },
    { title: t`Box of 24 mugs`, status: "pending", quantity: 24 },
  ] as const;
  const articles: { title: string; state: ArticleState }[] = [
    { title: t`Who must file the RPIE`, state: "published" },
    { title: t`RPIE penalties in plain words`, state: "draft" },
  ];
  return (
    <GalleryPage
      title={t`Tables`}
      intro={
        <Trans>
          For server-paged lists with search, sort and CSV export use <Code>ServerList</Code>{" "}
          (ui/server-list): it switches to cards at 390 px by itself.
        </Trans>
      }
    >
      <Example title={t`Data table`} code={tableCode}>
        <Box style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={t`Items`}>
          <Table highlightOnHover miw={560}>
            <Table.Caption>{t`Sample items`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Inventory title`}</Table.Th>
                <Table.Th>{t`Status`}</Table.Th>
                <Table.Th ta="right">{t`Quantity`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.title}>
                  <Table.Td>{item.title}</Table.Td>
                  <Table.Td>
                    <Badge color={ITEM_STATUS_COLORS[item.status]} variant="light">
                      {i18n._(ITEM_STATUS_LABELS[item.status])}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{i18n.number(item.quantity)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Example>
      <Example title={t`Key and value table`} code={compactCode}>
        <Table withTableBorder verticalSpacing="xs">
          <Table.Tbody>
            {articles.map((a) => (
              <Table.Tr key={a.title}>
                <Table.Th scope="row">{a.title}</Table.Th>
                <Table.Td>
                  <ArticleStateBadge state={a.state} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Example>
    </GalleryPage>
  );
}
