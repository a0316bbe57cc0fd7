import { Plural, Trans } from "@lingui/react/macro";
import { Badge, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { LinkButton } from "../../statement-mapping/LinkButton";
import type { Filing } from "../filing-api";

/**
 * The filing's audit report for the TC309: its flags (audit report missing or not supporting the
 * certification), which must be fixed or explained before it is filed, and the way to the audit
 * report screen where staff map the uploaded audit report.
 */
export function Tc309FlagsCard({ filing }: { filing: Filing }) {
  const flags = filing.flags ?? [];
  const n = flags.length;
  return (
    <Card withBorder radius="lg" data-testid="filing-tc309">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            <Trans>Audit report and TC309</Trans>
          </Title>
          {n > 0 ? (
            <Badge color="orange" variant="light">
              <Plural value={n} one="# TC309 flag" other="# TC309 flags" />
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              <Trans>No TC309 flags</Trans>
            </Badge>
          )}
        </Group>
        {n > 0 && (
          <List size="sm" spacing={4}>
            {flags.map((x) => (
              <List.Item key={x.message}>{x.message}</List.Item>
            ))}
          </List>
        )}
        {n > 0 && filing.state !== "filed" && (
          <Text size="xs" c="dimmed">
            <Trans>Fix these in the audit report, or explain them when marking the filing filed.</Trans>
          </Text>
        )}
        <LinkButton
          to="/admin/statement-mapping/audit-report/$filingId"
          params={{ filingId: filing.id }}
          variant="light"
          style={{ alignSelf: "flex-start" }}
        >
          <Trans>Map the audit report</Trans>
        </LinkButton>
      </Stack>
    </Card>
  );
}
