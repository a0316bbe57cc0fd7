import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Card,
  Center,
  Code,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconDatabaseImport, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DEMO_COUNT_KEYS } from "../../../domain/demo";
import { errorText } from "../../lib/error-text";
import { AppModal } from "../../ui/AppModal";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { type DemoSeedResult, demoApi, demoKeys } from "./demo-api";
import { COUNT_LABELS } from "./labels";

/**
 * /admin/demo-data: what demo data there is (every record of the demo company and the demo
 * accounts), a button that seeds it (as `npm run seed` does) and one that removes all of it,
 * each confirmed first.
 */
export function DemoDataPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Demo data`);
  const client = useQueryClient();
  const overview = useQuery({ queryKey: demoKeys.overview(), queryFn: demoApi.overview });
  const [confirm, setConfirm] = useState<"seed" | "remove" | null>(null);
  const [seeded, setSeeded] = useState<DemoSeedResult | null>(null);
  const refresh = () => client.invalidateQueries();

  const seed = useMutation({
    mutationFn: demoApi.seed,
    onSuccess: (result) => {
      setConfirm(null);
      setSeeded(result);
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const remove = useMutation({
    mutationFn: demoApi.remove,
    onSuccess: () => {
      setConfirm(null);
      toast.success(t`The demo data was removed`);
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });

  const counts = overview.data?.counts;
  const total = counts ? DEMO_COUNT_KEYS.reduce((sum, k) => sum + counts[k], 0) : 0;

  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Demo data</Trans>
      </Title>
      <Text c="dimmed" maw={720}>
        <Trans>
          The demo company Demo Realty LLC shows every screen with data: properties, statements, filings at
          every stage, invoices and an inventory with photos. Every demo record is marked as demo, so it can
          be removed in one step without touching real data.
        </Trans>
      </Text>

      {overview.isError ? (
        <Alert color="red" title={t`The demo data could not be loaded`}>
          {errorText(overview.error)}
        </Alert>
      ) : overview.isPending || !counts ? (
        <Center py="xl">
          <Loader role="status" aria-label={t`Loading`} />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="lg">
            <Title order={2} fz="lg" mb="sm">
              <Trans>Demo records</Trans>
            </Title>
            {total === 0 ? (
              <Text c="dimmed" data-testid="demo-empty">
                <Trans>There is no demo data.</Trans>
              </Text>
            ) : (
              <Table data-testid="demo-counts">
                <Table.Tbody>
                  {DEMO_COUNT_KEYS.map((k) => (
                    <Table.Tr key={k}>
                      <Table.Td>{i18n._(COUNT_LABELS[k])}</Table.Td>
                      <Table.Td ta="right">{counts[k]}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
          <Card withBorder radius="lg">
            <Title order={2} fz="lg" mb="sm">
              <Trans>What the seed adds</Trans>
            </Title>
            <List size="sm" spacing={4}>
              {overview.data.steps.map((s) => (
                <List.Item key={s.name}>{s.describe}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed" mt="sm">
              <Trans>
                The same as <Code>npm run seed</Code> on the server. Seeding again replaces the demo data and
                gives the demo accounts new passwords.
              </Trans>
            </Text>
          </Card>
        </SimpleGrid>
      )}

      <Group gap="sm">
        <Button leftSection={<IconDatabaseImport size={18} />} onClick={() => setConfirm("seed")}>
          {total ? <Trans>Seed the demo data again</Trans> : <Trans>Seed the demo data</Trans>}
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={18} />}
          disabled={total === 0}
          onClick={() => setConfirm("remove")}
        >
          <Trans>Remove all demo data</Trans>
        </Button>
      </Group>

      <AppModal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === "remove" ? t`Remove all demo data?` : t`Seed the demo data?`}
      >
        <Stack gap="md">
          <Text size="sm">
            {confirm === "remove" ? (
              <Trans>
                The demo company, the demo accounts and everything they hold are deleted, with their files.
                Real companies and accounts are not touched. This cannot be undone (seed again to get the demo
                back).
              </Trans>
            ) : (
              <Trans>
                This takes up to a minute. Existing demo data is replaced, and the demo accounts get new
                passwords (a demo account that is signed in is signed out).
              </Trans>
            )}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirm(null)}>
              <Trans>Cancel</Trans>
            </Button>
            {confirm === "remove" ? (
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                <Trans>Remove</Trans>
              </Button>
            ) : (
              <Button loading={seed.isPending} onClick={() => seed.mutate()}>
                <Trans>Seed</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      </AppModal>

      <AppModal opened={seeded !== null} onClose={() => setSeeded(null)} title={t`Demo data ready`} size="lg">
        {seeded ? (
          <Stack gap="sm">
            <Text size="sm">
              <Trans>Sign in with these demo accounts. The passwords are shown only now.</Trans>
            </Text>
            <Table data-testid="demo-accounts">
              <Table.Tbody>
                {seeded.accounts.map((a) => (
                  <Table.Tr key={a.email}>
                    <Table.Td>{a.email}</Table.Td>
                    <Table.Td>
                      <Code>{a.password}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ) : null}
      </AppModal>
    </Stack>
  );
}
