/**
 * /dashboard/add-item: a new item, written to this device first (works offline) and sent to
 * the server by the outbox. After saving, the item's page opens (photos, further edits).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { newId } from "../../../../sync/outbox";
import { useCompanyId } from "../../../offline/company-context";
import { useSyncEngine } from "../../../offline/sync-engine";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useGoTo, useInventoryLinks } from "../inventory-area";
import { ItemForm, useItemForm } from "./ItemForm";
import { emptyItemFormValues, type ItemFormValues, newItemFields } from "./item-form-values";
import { saveNotice } from "./save-notice";

export function NoCompanyNotice() {
  return (
    <Alert color="yellow" title={<Trans>No company yet</Trans>}>
      <Trans>
        Inventory belongs to a company. Create or join one on the{" "}
        <Anchor component={Link} to="/dashboard/company-account">
          Company Account
        </Anchor>{" "}
        page first.
      </Trans>
    </Alert>
  );
}

function AddItemForm({ companyId, batchId }: { companyId: string; batchId: string | null }) {
  const links = useInventoryLinks();
  const goTo = useGoTo();
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const form = useItemForm(emptyItemFormValues(batchId));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (values: ItemFormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const id = newId();
      await engine.write.put("item", companyId, id, newItemFields(values));
      toast.success(saveNotice(i18n, "created"));
      await goTo(links.item(id));
    } catch (error) {
      // Dexie refused the write (storage full, database blocked): nothing was saved
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      {failure && (
        <Alert color="red" role="alert" title={t`The item was not saved`}>
          {failure}
        </Alert>
      )}
      <ItemForm
        form={form}
        companyId={companyId}
        onSubmit={save}
        saving={saving}
        submitLabel={<Trans>Add item</Trans>}
      />
    </Stack>
  );
}

export function AddItemPage({ batchId }: { batchId?: string }) {
  const { t } = useLingui();
  usePageTitle(t`Create Item`);
  const companyId = useCompanyId();
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1}>
          <Trans>Create Item</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>
            Saved on this device first, so you can add items offline; they sync when you are online.
          </Trans>
        </Text>
      </div>
      {companyId ? <AddItemForm companyId={companyId} batchId={batchId ?? null} /> : <NoCompanyNotice />}
    </Stack>
  );
}
