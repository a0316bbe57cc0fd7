import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Group, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../lib/error-message";
import { toast } from "../../ui/toast";
import { companyAccountApi, companyKeys } from "./company-account-api";

export function CompanyNameCard({
  companyId,
  name,
  isAdmin,
}: {
  companyId: string;
  name: string;
  isAdmin: boolean;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(name), [name]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const next = value.trim();
    if (!next) return setError(t`Company name is required`);
    if (next.length > 200) return setError(t`Company name must be at most 200 characters`);
    setError(null);
    setSaving(true);
    try {
      await companyAccountApi.rename(companyId, next);
      toast.success(t`Company name saved`);
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
    } catch (err) {
      toast.error(t`Company name not saved: ${errorMessage(err)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="company-name-heading">
      <Title order={2} size="h4" id="company-name-heading" mb="sm">
        <Trans>Company</Trans>
      </Title>
      {isAdmin ? (
        <form onSubmit={save} noValidate>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              style={{ flex: "1 1 240px" }}
              label={t`Company name`}
              value={value}
              maxLength={200}
              error={error}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
            <Button type="submit" loading={saving} disabled={value.trim() === name}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </form>
      ) : (
        <Text fw={600} data-testid="company-name">
          {name}
        </Text>
      )}
    </Card>
  );
}
