/**
 * /dashboard/{id}/update-inventory: edit one item. The item is read from this device's
 * database (opens offline); a save sends only the fields the person changed (a PATCH on the
 * version they started from — the sync engine merges it with anyone else's changes), so a
 * change another device made meanwhile to another field is kept.
 *
 * Layout: the header, the form, then the item's further sections (the photos panel belongs
 * after the form, in the "sections" stack below).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconTrash } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Item } from "../../../../domain/inventory/item";
import { deepEqual } from "../../../../domain/sync/merge";
import { useCompanyId } from "../../../offline/company-context";
import { getDb } from "../../../offline/db";
import { useSyncEngine } from "../../../offline/sync-engine";
import { AppModal } from "../../../ui/AppModal";
import { RecordSyncBadge } from "../../../ui/RecordSyncBadge";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { ItemEbaySection } from "../../ebay/ItemEbaySection";
import { HrefLink, useGoTo, useInventoryLinks, useSellerScope } from "../inventory-area";
import { ItemPhotosPanel } from "../photos/ItemPhotosPanel";
import { NoCompanyNotice } from "./AddItemPage";
import { ItemForm, useItemForm } from "./ItemForm";
import { ItemHeading } from "./ItemHeading";
import { changedFormFields, type ItemFormValues, itemToFormValues } from "./item-form-values";
import { StaffChanges } from "./StaffChanges";
import { isOnline, saveNotice } from "./save-notice";

/** The item from Dexie (live); null when this device does not have it. */
function useLocalItem(id: string): Item | null | undefined {
  return useLiveQuery(async () => (await getDb().items.get(id)) ?? null, [id]);
}

function DeleteItemButton({ item, onDeleted }: { item: Item; onDeleted(): void }) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const [opened, { open, close }] = useDisclosure(false);
  const [deleting, setDeleting] = useState(false);
  const title = item.title;

  const confirm = async () => {
    setDeleting(true);
    try {
      await engine.write.remove("item", item.id);
      toast.success(saveNotice(i18n, "deleted"));
      close();
      onDeleted();
    } catch (error) {
      toast.error(t`The item was not deleted: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Button color="red" variant="outline" leftSection={<IconTrash size={16} />} onClick={open}>
        <Trans>Delete item</Trans>
      </Button>
      <AppModal opened={opened} onClose={close} title={t`Delete this item?`} centered>
        <Stack>
          <Text>
            <Trans>“{title}” will be removed from your inventory on every device.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" onClick={confirm} loading={deleting}>
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}

function EditItem({ item, companyId }: { item: Item; companyId: string }) {
  const seller = useSellerScope();
  const links = useInventoryLinks();
  const goTo = useGoTo();
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const form = useItemForm(itemToFormValues(item));
  // What the form started from: a save sends only what differs from it
  const baseline = useRef<ItemFormValues>(itemToFormValues(item));
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  // The item changed under the form (sync, another tab): follow it unless the person is editing
  useEffect(() => {
    const latest = itemToFormValues(item);
    if (deepEqual(latest, baseline.current)) return;
    if (!form.isDirty()) {
      baseline.current = latest;
      form.setValues(latest);
      form.resetDirty(latest);
      setChangedElsewhere(false);
    } else setChangedElsewhere(true);
  }, [item, form]);

  const loadLatest = () => {
    const latest = itemToFormValues(item);
    baseline.current = latest;
    form.setValues(latest);
    form.resetDirty(latest);
    form.clearErrors();
    setChangedElsewhere(false);
  };

  const save = async (values: ItemFormValues) => {
    const changes = changedFormFields(baseline.current, values);
    if (Object.keys(changes).length === 0) {
      setStatus(t`Nothing to save: no field was changed`);
      return;
    }
    setSaving(true);
    setStatus(null);
    try {
      await engine.write.patch("item", item.id, changes);
      baseline.current = values;
      form.resetDirty(values);
      setChangedElsewhere(false);
      const notice = saveNotice(i18n, "saved");
      setStatus(notice);
      toast.success(notice);
    } catch (error) {
      setStatus(t`Not saved: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setSaving(false);
    }
  };

  const afterDelete = () => {
    if (item.batchId) void goTo(links.batch(item.batchId));
    else void goTo(links.home);
  };

  return (
    <Stack gap="lg">
      {changedElsewhere && (
        <Alert color="blue" title={t`This item changed while you were editing`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <Trans>
                Saving keeps the other changes and writes only the fields you edited. Or load the latest
                values and drop your edits.
              </Trans>
            </Text>
            <Button size="xs" variant="light" onClick={loadLatest}>
              <Trans>Load the latest values</Trans>
            </Button>
          </Stack>
        </Alert>
      )}
      <ItemForm
        form={form}
        companyId={companyId}
        itemId={item.id}
        onSubmit={save}
        saving={saving}
        submitLabel={<Trans>Save changes</Trans>}
        actions={<DeleteItemButton item={item} onDeleted={afterDelete} />}
      />
      <Text size="sm" role="status" aria-live="polite" c={status ? undefined : "dimmed"} ta="right">
        {status ?? ""}
      </Text>
      {/* in a seller's scope, on the seller's eBay connection (docs/marketplace.md "eBay for a seller") */}
      <ItemEbaySection item={item} seller={seller} />
    </Stack>
  );
}

/** Asks the server once for an item this device does not have yet (opened from a link). */
function useFetchMissing(id: string, companyId: string | null, missing: boolean) {
  const engine = useSyncEngine();
  const [state, setState] = useState<"idle" | "loading" | "done">("idle");
  useEffect(() => {
    if (!missing || state !== "idle" || !isOnline()) return;
    setState("loading");
    engine
      .refreshRecord("item", id, companyId ?? undefined)
      .catch(() => undefined)
      .finally(() => setState("done"));
  }, [missing, state, engine, id, companyId]);
  return state;
}

export function UpdateItemPage({ id }: { id: string }) {
  const { t } = useLingui();
  const companyId = useCompanyId();
  const links = useInventoryLinks();
  const item = useLocalItem(id);
  const fetching = useFetchMissing(id, companyId, item === null);
  const createProduct = item ? links.createProductFrom(item.id) : null;
  usePageTitle(item?.title ? t`Edit ${item.title}` : t`Edit item`);

  let body: ReactNode;
  if (!companyId) body = <NoCompanyNotice />;
  else if (item === undefined || (item === null && fetching === "loading"))
    body = (
      <Group>
        <Loader size="sm" />
        <Text>
          <Trans>Loading the item…</Trans>
        </Text>
      </Group>
    );
  else if (item === null)
    body = (
      <Alert color="yellow" title={t`Item not found`}>
        {isOnline() ? (
          <Trans>This item does not exist or was deleted.</Trans>
        ) : (
          <Trans>This item is not on this device. Open it again when you are online.</Trans>
        )}
      </Alert>
    );
  else
    body = (
      <Stack gap="xl">
        <EditItem key={item.id} item={item} companyId={companyId} />
        <ItemPhotosPanel itemId={item.id} />
        {item.version > 0 && <StaffChanges itemId={item.id} />}
      </Stack>
    );

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-start">
        <ItemHeading item={item}>
          <Trans>Edit item</Trans>
        </ItemHeading>
        {item ? (
          <Group gap="sm">
            <RecordSyncBadge entity="item" id={item.id} />
            {item.productId ? (
              <Button
                variant="default"
                renderRoot={(props) => <HrefLink {...props} href={links.product(item.productId as string)} />}
              >
                <Trans>Open its product</Trans>
              </Button>
            ) : createProduct ? (
              <Button variant="default" renderRoot={(props) => <HrefLink {...props} href={createProduct} />}>
                <Trans>Create product</Trans>
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {body}
    </Stack>
  );
}
