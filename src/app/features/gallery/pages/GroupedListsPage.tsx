import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Divider, Group, NavLink, Paper, Stack, Text, Title } from "@mantine/core";
import { IconBuilding, IconFileText, IconPackage } from "@tabler/icons-react";
import { Fragment, useState } from "react";
import { ArticleStateBadge } from "../../articles/ArticleStateBadge";
import { Example } from "../Example";
import { GalleryPage } from "../GalleryPage";

const groupedCode = `{groups.map((group) => (
  <Stack key={group.title} gap={6}>
    <Title order={3} size="xs" tt="uppercase" c="dimmed">{group.title}</Title>
    <Paper withBorder component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {group.rows.map((row, i) => (
        <Fragment key={row.label}>
          {i > 0 && <Divider component="li" aria-hidden />}
          <Group component="li" justify="space-between" wrap="nowrap" px="md" py="sm">
            <Text>{row.label}</Text>
            {row.aside}
          </Group>
        </Fragment>
      ))}
    </Paper>
  </Stack>
))}`;

const navCode = `<NavLink
  label={t\`Properties\`}
  leftSection={<IconBuilding size={18} />}
  childrenOffset={28}
  defaultOpened
>
  <NavLink label="12 Main St" active={current === "12"} onClick={() => setCurrent("12")} />
  <NavLink label="48 Park Ave" active={current === "48"} onClick={() => setCurrent("48")} />
</NavLink>`;

/** /components/lists/grouped-lists: rows under uppercase subheaders, as the navigation drawer has them. */
export default function GroupedListsPage() {
  const { t } = useLingui();
  const [current, setCurrent] = useState("12");
  const groups = [
    {
      title: t`Articles`,
      rows: [
        { label: t`Who must file the RPIE`, aside: <ArticleStateBadge state="published" /> },
        { label: t`RPIE penalties in plain words`, aside: <ArticleStateBadge state="draft" /> },
      ],
    },
    {
      title: t`Filings`,
      rows: [
        {
          label: "12 Main St",
          aside: (
            <Badge color="teal" variant="light">
              {t`Filed`}
            </Badge>
          ),
        },
        {
          label: "48 Park Ave",
          aside: (
            <Badge color="yellow" variant="light">
              {t`In progress`}
            </Badge>
          ),
        },
      ],
    },
  ];
  return (
    <GalleryPage
      title={t`Grouped lists`}
      intro={<Trans>Related rows under a short uppercase subheader.</Trans>}
    >
      <Example title={t`Sections`} code={groupedCode}>
        <Stack gap="lg">
          {groups.map((group) => (
            <Stack key={group.title} gap={6}>
              <Title order={3} size="xs" tt="uppercase" c="dimmed">
                {group.title}
              </Title>
              <Paper withBorder component="ul" p={0} m={0} style={{ listStyle: "none" }}>
                {group.rows.map((row, i) => (
                  <Fragment key={row.label}>
                    {i > 0 ? <Divider component="li" aria-hidden /> : null}
                    <Group component="li" justify="space-between" wrap="nowrap" px="md" py="sm" gap="sm">
                      <Text miw={0}>{row.label}</Text>
                      {row.aside}
                    </Group>
                  </Fragment>
                ))}
              </Paper>
            </Stack>
          ))}
        </Stack>
      </Example>
      <Example title={t`Nested navigation`} code={navCode}>
        <Paper withBorder p="xs" maw={360}>
          <NavLink
            component="button"
            label={t`Properties`}
            leftSection={<IconBuilding size={18} aria-hidden />}
            childrenOffset={28}
            defaultOpened
          >
            <NavLink
              component="button"
              label="12 Main St"
              active={current === "12"}
              aria-current={current === "12" ? "true" : undefined}
              onClick={() => setCurrent("12")}
            />
            <NavLink
              component="button"
              label="48 Park Ave"
              active={current === "48"}
              aria-current={current === "48" ? "true" : undefined}
              onClick={() => setCurrent("48")}
            />
          </NavLink>
          <NavLink
            component="button"
            label={t`Statements`}
            leftSection={<IconFileText size={18} aria-hidden />}
          />
          <NavLink
            component="button"
            label={t`Inventory`}
            leftSection={<IconPackage size={18} aria-hidden />}
          />
        </Paper>
      </Example>
    </GalleryPage>
  );
}
