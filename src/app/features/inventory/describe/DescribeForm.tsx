/**
 * The describe form for one item: title, description, quantity, condition, price, category,
 * dimensions and weight with their units, location. Built for speed at a desk — the fields
 * follow in Tab order and Ctrl/⌘ + Enter saves and opens the next item from anywhere in the
 * form — and for a phone (one column, native pickers). What is typed is kept on the device as
 * a draft while typing (drafts.ts) and written through the sync engine on save (offline too).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Kbd,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { getHotkeyHandler } from "@mantine/hooks";
import { IconCamera, IconDeviceFloppy, IconPlayerSkipForward } from "@tabler/icons-react";
import { type ChangeEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  DIMENSION_UNITS,
  ITEM_CATEGORIES,
  ITEM_LIMITS,
  type Item,
  WEIGHT_UNITS,
} from "../../../../domain/inventory/item";
import { getDb } from "../../../offline/db";
import { useSyncEngine } from "../../../offline/sync-engine";
import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  DIMENSION_UNIT_LABELS,
  WEIGHT_UNIT_LABELS,
} from "../field-labels";
import { ITEM_STATUS_COLORS, ITEM_STATUS_LABELS } from "../item-status";
import { translateItemError } from "../items-form/item-field-names";
import { type DescribeErrors, describeValues, effectiveEdits, planSave } from "./describe-values";
import { type DescribeEdits, type DescribeField, deleteDraft, loadDraft, saveDraft } from "./drafts";

/** Typing pauses this long before the draft is written. */
const DRAFT_DEBOUNCE_MS = 400;

const fieldId = (f: DescribeField) => `describe-${f}`;

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform ?? "");

export interface DescribeFormProps {
  item: Item;
  companyId: string;
  /** After a save (or a skip): open the next item (or say there is none). */
  onNext(): Promise<void>;
  /** Says something to screen readers (and on screen) through the page's live region. */
  onAnnounce(message: string): void;
  onGuidedShots(): void;
  /** Whether a next item exists (changes the main button's words). */
  hasNext: boolean;
}

type DraftState =
  | { kind: "none" }
  | { kind: "saving" }
  | { kind: "saved"; at: string }
  | { kind: "restored"; at: string };

export function DescribeForm({
  item,
  companyId,
  onNext,
  onAnnounce,
  onGuidedShots,
  hasNext,
}: DescribeFormProps) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const db = getDb();
  const [edits, setEdits] = useState<DescribeEdits | null>(null);
  const [errors, setErrors] = useState<DescribeErrors>({});
  const [draft, setDraft] = useState<DraftState>({ kind: "none" });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const typed = useRef(false);
  const pending = useRef<DescribeEdits | null>(null);

  // The item's draft, if any, before the form shows (so it never flashes the saved values).
  useEffect(() => {
    let live = true;
    void loadDraft(db, item.id).then((d) => {
      if (!live) return;
      setEdits(d?.edits ?? {});
      if (d) setDraft({ kind: "restored", at: d.savedAt });
    });
    return () => {
      live = false;
    };
  }, [db, item.id]);

  // Focus the first field when the item opens (keyboard flow: save and next lands here), before
  // the form is painted: a key pressed as soon as the form shows must land in it, not on the page.
  const ready = edits !== null;
  useLayoutEffect(() => {
    if (ready) document.getElementById(fieldId("title"))?.focus();
  }, [ready]);

  // Write the draft a moment after typing stops; on leaving, write what is still pending.
  useEffect(() => {
    if (!edits || !typed.current) return;
    pending.current = edits;
    setDraft({ kind: "saving" });
    const timer = setTimeout(() => {
      pending.current = null;
      const savedAt = new Date().toISOString();
      void saveDraft(db, { companyId, itemId: item.id, edits: effectiveEdits(item, edits), savedAt }).then(
        () => setDraft({ kind: "saved", at: savedAt }),
        (e: unknown) => setFailure(e instanceof Error ? e.message : String(e)),
      );
    }, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [db, companyId, item, edits]);
  useEffect(
    () => () => {
      const left = pending.current;
      if (left)
        void saveDraft(db, {
          companyId,
          itemId: item.id,
          edits: effectiveEdits(item, left),
          savedAt: new Date().toISOString(),
        });
    },
    [db, companyId, item],
  );

  if (!edits) {
    return (
      <Card withBorder padding="lg">
        <Loader size="sm" aria-label={t`Loading the item`} />
      </Card>
    );
  }

  const values = describeValues(item, edits);
  const set =
    (f: DescribeField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = e.currentTarget.value;
      typed.current = true;
      setEdits((cur) => ({ ...(cur ?? {}), [f]: value }));
      if (errors[f]) setErrors(({ [f]: _gone, ...rest }) => rest);
    };
  const err = (f: DescribeField) => {
    const e = errors[f];
    return e ? translateItemError(i18n, e.path, e.message) : undefined;
  };
  const field = (f: DescribeField) => ({
    id: fieldId(f),
    value: String(values[f] ?? ""),
    onChange: set(f),
    error: err(f),
  });

  const save = async (andNext: boolean) => {
    if (saving) return;
    setFailure(null);
    const plan = planSave(item, effectiveEdits(item, edits));
    if (!plan.ok) {
      setErrors(plan.errors);
      const n = Object.keys(plan.errors).length;
      onAnnounce(t`Not saved: ${n} fields need a fix.`);
      document.getElementById(fieldId(plan.first))?.focus();
      return;
    }
    setSaving(true);
    try {
      if (Object.keys(plan.changes).length > 0) await engine.write.patch("item", item.id, plan.changes);
      pending.current = null;
      typed.current = false;
      await deleteDraft(db, item.id);
      setErrors({});
      setDraft({ kind: "none" });
      const title = values.title;
      onAnnounce(t`Saved “${title}”.`);
      if (andNext) await onNext();
      else setEdits({});
    } catch (e) {
      // Dexie refused the write (storage full, blocked): nothing was saved, the draft stays
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const discardDraft = async () => {
    pending.current = null;
    typed.current = false;
    await deleteDraft(db, item.id);
    setEdits({});
    setErrors({});
    setDraft({ kind: "none" });
    onAnnounce(t`Draft discarded.`);
  };

  const mod = isMac() ? "⌘" : "Ctrl";
  const time = (iso: string) => i18n.date(new Date(iso), { timeStyle: "short" });
  const select = <T extends string>(list: readonly T[], label: (v: T) => string) =>
    list.map((v) => ({ value: v, label: label(v) }));

  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      noValidate
      aria-labelledby="describe-item-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void save(true);
      }}
      onKeyDown={getHotkeyHandler([["mod+Enter", () => void save(true)]])}
      data-testid="describe-form"
      data-item-id={item.id}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id="describe-item-heading">
              <Trans>Describe {item.sku}</Trans>
            </Title>
            <Group gap="xs" mt={4}>
              <Badge color={ITEM_STATUS_COLORS[item.status]} variant="light">
                {i18n._(ITEM_STATUS_LABELS[item.status])}
              </Badge>
              {item.barcode ? (
                <Text size="xs" c="dimmed" ff="monospace">
                  {item.barcode}
                </Text>
              ) : null}
            </Group>
          </div>
          <Button variant="light" leftSection={<IconCamera size={18} aria-hidden />} onClick={onGuidedShots}>
            <Trans>Guided shots</Trans>
          </Button>
        </Group>

        {failure ? (
          <Alert color="red" role="alert" title={t`Not saved on this device`}>
            {failure}
          </Alert>
        ) : null}

        <Group justify="space-between" gap="xs" mih={28}>
          <Text size="xs" c="dimmed" data-testid="draft-status">
            {draft.kind === "saving"
              ? t`Saving draft…`
              : draft.kind === "saved"
                ? t`Draft saved on this device at ${time(draft.at)}`
                : draft.kind === "restored"
                  ? t`Unsaved draft from ${time(draft.at)} restored`
                  : ""}
          </Text>
          {draft.kind !== "none" && draft.kind !== "saving" ? (
            <Button variant="subtle" size="compact-xs" color="gray" onClick={() => void discardDraft()}>
              <Trans>Discard draft</Trans>
            </Button>
          ) : null}
        </Group>

        <TextInput label={t`Inventory title`} required maxLength={ITEM_LIMITS.titleMax} {...field("title")} />
        <Textarea
          label={t`Description`}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={ITEM_LIMITS.descriptionMax}
          {...field("description")}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextInput label={t`Quantity`} required inputMode="numeric" {...field("quantity")} />
          <NativeSelect
            label={t`Condition`}
            data={[
              { value: "5", label: i18n._(CONDITION_LABELS[5]) },
              { value: "13", label: i18n._(CONDITION_LABELS[13]) },
            ]}
            {...field("condition")}
          />
          <TextInput
            label={t`Price`}
            leftSection="$"
            inputMode="decimal"
            autoComplete="off"
            {...field("price")}
          />
          <NativeSelect
            label={t`Category`}
            data={select(ITEM_CATEGORIES, (c) => i18n._(CATEGORY_LABELS[c]))}
            {...field("category")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextInput label={t`Length`} inputMode="decimal" {...field("length")} />
          <TextInput label={t`Width`} inputMode="decimal" {...field("width")} />
          <TextInput label={t`Height`} inputMode="decimal" {...field("height")} />
          <NativeSelect
            label={t`Dimension unit`}
            data={select(DIMENSION_UNITS, (u) => i18n._(DIMENSION_UNIT_LABELS[u]))}
            {...field("dimensionUnit")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <TextInput label={t`Weight`} inputMode="decimal" {...field("weight")} />
          <NativeSelect
            label={t`Weight unit`}
            data={select(WEIGHT_UNITS, (u) => i18n._(WEIGHT_UNIT_LABELS[u]))}
            {...field("weightUnit")}
          />
          <TextInput
            label={t`Storage location / bin`}
            maxLength={ITEM_LIMITS.locationMax}
            style={{ gridColumn: "span 2" }}
            {...field("location")}
          />
        </SimpleGrid>

        {item.status === "new" ? (
          <Text size="xs" c="dimmed">
            <Trans>Saving marks the item Pending: described and ready to list.</Trans>
          </Text>
        ) : null}

        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" data-testid="shortcut-hint">
            <Trans>
              <Kbd>{mod}</Kbd> + <Kbd>Enter</Kbd> saves and opens the next item
            </Trans>
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPlayerSkipForward size={18} aria-hidden />}
              onClick={() => void onNext()}
              disabled={!hasNext || saving}
            >
              <Trans>Skip</Trans>
            </Button>
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              {hasNext ? <Trans>Save and next</Trans> : <Trans>Save</Trans>}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
