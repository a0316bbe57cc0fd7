import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconBuildingCommunity, IconPlus } from "@tabler/icons-react";
import type { Property } from "../properties/properties-api";

export const propertyLabel = (p: Property) =>
  p.address ? `${p.bblFormatted} · ${p.address}` : p.bblFormatted;

/** Which property the files belong to: a searchable choice, "Add property", or an empty state. */
export function PropertyPicker({
  properties,
  loading,
  error,
  value,
  onChange,
  onAdd,
  canAdd,
}: {
  properties: Property[] | undefined;
  loading: boolean;
  error: Error | null;
  value: string | null;
  onChange: (id: string | null) => void;
  onAdd: () => void;
  canAdd: boolean;
}) {
  const { t } = useLingui();
  if (loading) return <Skeleton height={60} radius="md" aria-label={t`Loading properties`} />;
  if (error) {
    return (
      <Alert color="red" title={t`Error Get BBL(borough-block-lot number) List`}>
        {error.message}
      </Alert>
    );
  }
  if (!properties?.length) {
    return (
      <Card withBorder radius="lg" p="xl" data-testid="upload-no-properties">
        <Stack align="center" gap="sm">
          <IconBuildingCommunity size={48} stroke={1.4} aria-hidden />
          <Title order={2} size="h3">
            <Trans>Add a property first</Trans>
          </Title>
          <Text c="dimmed" ta="center">
            <Trans>
              Statements are filed per property. Add the property by its BBL, then upload its files here.
            </Trans>
          </Text>
          {canAdd && (
            <Button leftSection={<IconPlus size={18} />} onClick={onAdd}>
              <Trans>Add property</Trans>
            </Button>
          )}
        </Stack>
      </Card>
    );
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        style={{ flex: "1 1 260px" }}
        label={t`Property`}
        placeholder={t`Choose a property`}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t`No property matches`}
        data={properties.map((p) => ({ value: p.id, label: propertyLabel(p) }))}
        value={value}
        onChange={onChange}
      />
      {canAdd && (
        <Button variant="light" leftSection={<IconPlus size={18} />} onClick={onAdd}>
          <Trans>Add property</Trans>
        </Button>
      )}
    </Group>
  );
}
