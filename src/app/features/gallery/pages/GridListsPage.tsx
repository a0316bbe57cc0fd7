import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { ITEM_STATUS_COLORS, ITEM_STATUS_LABELS } from "../../inventory/item-status";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const cardsCode = `<SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} p={0} m={0} style={{ listStyle: "none" }}>
  {items.map((item) => (
    <li key={item.id}>
      <Card padding="md" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">{item.title}</Title>
          <Badge color={ITEM_STATUS_COLORS[item.status]} variant="light">
            {i18n._(ITEM_STATUS_LABELS[item.status])}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">{item.note}</Text>
      </Card>
    </li>
  ))}
</SimpleGrid>`;

const peopleCode = `<SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 3 }} …>
  <li>
    <Card padding="md">
      <Group wrap="nowrap">
        <Avatar color="initials" name="Ana Díaz" />
        <div>
          <Text fw={600}>Ana Díaz</Text>
          <Text size="sm" c="dimmed">{t\`Company Admin\`}</Text>
        </div>
      </Group>
    </Card>
  </li>
</SimpleGrid>`;

/** /components/lists/grid-lists: cards in a responsive grid, one column on a phone. */
export default function GridListsPage() {
  const { t, i18n } = useLingui();
  const items = [
    { id: "1", title: t`Oak side table`, status: "listed", note: t`Photos and description done.` },
    { id: "2", title: t`Brass floor lamp`, status: "sold", note: t`Awaiting the buyer's payment.` },
    { id: "3", title: t`Box of 24 mugs`, status: "new", note: t`Needs photos.` },
  ] as const;
  const people = [
    { name: "Ana Díaz", role: t`Company Admin` },
    { name: "Jonas Weber", role: t`Company Employee` },
    { name: "Maya Chen", role: t`Company Employee` },
  ];
  return (
    <GalleryPage
      title={t`Grid lists`}
      intro={<Trans>A list of cards: a list for screen readers, a grid for the eye.</Trans>}
    >
      <Example title={t`Item cards`} code={cardsCode}>
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} p={0} m={0} style={{ listStyle: "none" }}>
          {items.map((item) => (
            <li key={item.id}>
              <Card padding="md" h="100%">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Title order={3} size="h5">
                      {item.title}
                    </Title>
                    <Badge color={ITEM_STATUS_COLORS[item.status]} variant="light" style={{ flexShrink: 0 }}>
                      {i18n._(ITEM_STATUS_LABELS[item.status])}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {item.note}
                  </Text>
                </Stack>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      </Example>
      <Example title={t`People`} code={peopleCode}>
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 3 }} p={0} m={0} style={{ listStyle: "none" }}>
          {people.map((p) => (
            <li key={p.name}>
              <Card padding="md">
                <Group wrap="nowrap">
                  <Avatar color="initials" name={p.name} />
                  <div>
                    <Text fw={600}>{p.name}</Text>
                    <Text size="sm" c="dimmed">
                      {p.role}
                    </Text>
                  </div>
                </Group>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      </Example>
    </GalleryPage>
  );
}
