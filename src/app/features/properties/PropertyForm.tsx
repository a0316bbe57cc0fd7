import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { boroughName, formatBblDashed, parseBbl } from "../../../domain/properties/bbl";
import { HttpError } from "../../lib/http";
import { STATUS_LABELS } from "../../ui/labels/file-statuses";
import { BBL_ERROR_LABELS } from "../rpie/labels";
import { type Property, type PropertyInput, propertiesApi, propertiesQueries } from "./properties-api";

const TAX_CLASSES = ["1", "1A", "1B", "1C", "1D", "2", "2A", "2B", "2C", "3", "4"];
const FLAGS = [
  "isCoop",
  "isCondoUnit",
  "ownerOccupied",
  "relatedPartyOnly",
  "fullyExempt",
  "vacant",
  "vacantLand",
  "fullYearOwned",
] as const;

interface Values {
  bbl: string;
  address: string;
  ownerName: string;
  taxClass: string | null;
  buildingClass: string;
  residentialUnits: number | string;
  commercialUnits: number | string;
  commercialSqFt: number | string;
  aav: number | string;
  finalAav: number | string;
  fiscalYearEnd: string;
  isCoop: boolean;
  isCondoUnit: boolean;
  ownerOccupied: boolean;
  relatedPartyOnly: boolean;
  fullyExempt: boolean;
  vacant: boolean;
  vacantLand: boolean;
  fullYearOwned: boolean;
  notes: string;
}

const orEmpty = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : v);

function initialValues(p?: Property): Values {
  return {
    bbl: p?.bblFormatted ?? "",
    address: p?.address ?? "",
    ownerName: p?.ownerName ?? "",
    taxClass: p?.taxClass ?? null,
    buildingClass: p?.buildingClass ?? "",
    residentialUnits: p?.residentialUnits ?? 0,
    commercialUnits: p?.commercialUnits ?? 0,
    commercialSqFt: orEmpty(p?.commercialSqFt),
    aav: orEmpty(p?.aav),
    finalAav: orEmpty(p?.finalAav),
    fiscalYearEnd: p?.fiscalYearEnd ?? "12-31",
    isCoop: p?.isCoop ?? false,
    isCondoUnit: p?.isCondoUnit ?? false,
    ownerOccupied: p?.ownerOccupied ?? false,
    relatedPartyOnly: p?.relatedPartyOnly ?? false,
    fullyExempt: p?.fullyExempt ?? false,
    vacant: p?.vacant ?? false,
    vacantLand: p?.vacantLand ?? false,
    fullYearOwned: p?.fullYearOwned ?? true,
    notes: p?.notes ?? "",
  };
}

const numOrNull = (v: number | string) => (v === "" ? null : Number(v));

function toInput(v: Values): PropertyInput {
  return {
    bbl: v.bbl.trim(),
    address: v.address.trim() || null,
    ownerName: v.ownerName.trim() || null,
    taxClass: v.taxClass || null,
    buildingClass: v.buildingClass.trim().toUpperCase() || null,
    residentialUnits: Number(v.residentialUnits === "" ? 0 : v.residentialUnits),
    commercialUnits: Number(v.commercialUnits === "" ? 0 : v.commercialUnits),
    commercialSqFt: numOrNull(v.commercialSqFt),
    aav: numOrNull(v.aav),
    finalAav: numOrNull(v.finalAav),
    fiscalYearEnd: v.fiscalYearEnd.trim(),
    isCoop: v.isCoop,
    isCondoUnit: v.isCondoUnit,
    ownerOccupied: v.ownerOccupied,
    relatedPartyOnly: v.relatedPartyOnly,
    fullyExempt: v.fullyExempt,
    vacant: v.vacant,
    vacantLand: v.vacantLand,
    fullYearOwned: v.fullYearOwned,
    notes: v.notes.trim() || null,
  };
}

type LookupState =
  | { kind: "idle" }
  | { kind: "filled" }
  | { kind: "unreachable" }
  | { kind: "missing" }
  | { kind: "error"; message: string };

function ConflictFields({ fields }: { fields: string }) {
  return <Trans>They changed: {fields}. Your values are still in the form; save again to keep them.</Trans>;
}

/** Add or edit a property: BBL checked as you type, optional PLUTO look-up, the RPIE facts. */
export function PropertyForm({
  property,
  onSaved,
  onCancel,
}: {
  property?: Property;
  onSaved: (saved: Property) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const [version, setVersion] = useState(property?.version ?? 0);
  const [saving, setSaving] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  const [lookup, setLookup] = useState<LookupState>({ kind: "idle" });
  const [conflict, setConflict] = useState<string[] | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const files = useQuery({ ...propertiesQueries.withFiles(property?.id ?? ""), enabled: !!property });

  const whole = (v: number | string, required = false) => {
    if (v === "") return required ? t`Required` : null;
    return Number.isInteger(Number(v)) && Number(v) >= 0 ? null : t`Enter a whole number, 0 or more`;
  };
  const bblError = (value: string) => {
    if (!value.trim()) return t`Enter the property's BBL`;
    const parsed = parseBbl(value);
    return parsed.ok ? null : i18n._(BBL_ERROR_LABELS[parsed.part]);
  };

  const form = useForm<Values>({
    mode: "controlled",
    initialValues: initialValues(property),
    validateInputOnChange: ["bbl", "buildingClass", "fiscalYearEnd"],
    validate: {
      bbl: bblError,
      buildingClass: (v) =>
        v === "" || /^[A-Za-z][0-9A-Za-z]$/.test(v.trim()) ? null : t`Two characters, e.g. D4`,
      residentialUnits: (v) => whole(v, true),
      commercialUnits: (v) => whole(v, true),
      commercialSqFt: (v) => whole(v),
      aav: (v) => whole(v),
      finalAav: (v) => whole(v),
      fiscalYearEnd: (v) =>
        /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(v.trim()) ? null : t`Month and day, e.g. 12-31`,
      notes: (v) => (v.length > 5000 ? t`At most 5,000 characters` : null),
    },
  });

  const parsed = parseBbl(form.values.bbl);
  const bblHint = parsed.ok
    ? `${formatBblDashed(parsed.value)} · ${boroughName(parsed.value.borough) ?? ""}`
    : undefined;

  const runLookup = async () => {
    if (!parsed.ok) {
      form.validateField("bbl");
      return;
    }
    setLookingUp(true);
    setLookup({ kind: "idle" });
    try {
      const lot = await propertiesApi.lookup(formatBblDashed(parsed.value));
      const next: Partial<Values> = {};
      if (lot.address) next.address = lot.address;
      if (lot.ownerName) next.ownerName = lot.ownerName;
      if (lot.taxClass) next.taxClass = lot.taxClass;
      if (lot.buildingClass) next.buildingClass = lot.buildingClass;
      if (lot.residentialUnits !== null) next.residentialUnits = lot.residentialUnits;
      if (lot.commercialUnits !== null) next.commercialUnits = lot.commercialUnits;
      if (lot.commercialSqFt !== null) next.commercialSqFt = lot.commercialSqFt;
      if (lot.aav !== null) next.aav = lot.aav;
      if (lot.isCondoUnit) next.isCondoUnit = true;
      if (lot.vacantLand) next.vacantLand = true;
      form.setValues(next);
      setLookup({ kind: "filled" });
    } catch (err) {
      if (err instanceof HttpError && (err.status === 503 || err.status === 0))
        setLookup({ kind: "unreachable" });
      else if (err instanceof HttpError && err.status === 404) setLookup({ kind: "missing" });
      else setLookup({ kind: "error", message: err instanceof Error ? err.message : String(err) });
    } finally {
      setLookingUp(false);
    }
  };

  const FIELD_LABELS: Record<string, string> = {
    bbl: t`BBL`,
    address: t`Address`,
    ownerName: t`Owner name`,
    taxClass: t`Tax class`,
    buildingClass: t`Building class`,
    residentialUnits: t`Residential units`,
    commercialUnits: t`Commercial units`,
    commercialSqFt: t`Commercial square feet`,
    aav: t`Actual assessed value (AAV)`,
    finalAav: t`Final AAV`,
    fiscalYearEnd: t`Fiscal year ends (MM-DD)`,
    notes: t`Notes`,
  };
  const flagLabels: Record<(typeof FLAGS)[number], string> = {
    isCoop: t`Co-op`,
    isCondoUnit: t`Individual residential condo unit`,
    ownerOccupied: t`Wholly owner-occupied`,
    relatedPartyOnly: t`Rented only to related parties`,
    fullyExempt: t`Fully exempt from property tax`,
    vacant: t`Vacant or uninhabitable, no leases`,
    vacantLand: t`Vacant land`,
    fullYearOwned: t`Owned for the full reporting year`,
  };

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setSaveError(null);
    const input = toInput(values);
    try {
      const saved = property
        ? await propertiesApi.update(property.id, version, input)
        : await propertiesApi.create(input);
      onSaved(saved);
    } catch (err) {
      if (err instanceof HttpError && err.status === 409) {
        const current = (err.data as { current?: Property } | undefined)?.current;
        if (current) {
          // Someone else saved first: keep what this user typed, take the new version, name the fields they changed.
          const theirs = toInput(initialValues(current));
          const base = toInput(initialValues(property));
          const changed = (Object.keys(theirs) as Array<keyof PropertyInput>).filter(
            (k) => JSON.stringify(theirs[k]) !== JSON.stringify(base[k]),
          );
          setVersion(current.version);
          setConflict(changed.map((k) => FIELD_LABELS[k] ?? flagLabels[k as (typeof FLAGS)[number]] ?? k));
        } else {
          form.setFieldError("bbl", t`This property is already in your company`);
        }
      } else if (err instanceof HttpError && err.status === 400) {
        const part = (err.data as { part?: keyof typeof BBL_ERROR_LABELS } | undefined)?.part;
        if (part) form.setFieldError("bbl", i18n._(BBL_ERROR_LABELS[part]));
        else setSaveError(err.message);
      } else {
        setSaveError(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t`BBL`}
            placeholder="1-01119-0036"
            description={bblHint ?? t`Borough, block and lot, e.g. 1-01119-0036 or Manhattan 1119 36`}
            required
            data-autofocus
            {...form.getInputProps("bbl")}
          />
          <Button
            variant="light"
            leftSection={<IconSearch size={16} />}
            onClick={runLookup}
            loading={lookingUp}
            disabled={!parsed.ok}
          >
            <Trans>Look up</Trans>
          </Button>
        </Group>
        {lookup.kind === "filled" && (
          <Alert color="green">
            <Trans>Filled in from NYC Open Data (PLUTO). Check the values before saving.</Trans>
          </Alert>
        )}
        {lookup.kind === "unreachable" && (
          <Alert color="yellow" data-testid="lookup-unreachable">
            <Trans>NYC Open Data is unreachable — enter the details by hand.</Trans>
          </Alert>
        )}
        {lookup.kind === "missing" && (
          <Alert color="yellow">
            <Trans>NYC Open Data has no lot with this BBL — check it or enter the details by hand.</Trans>
          </Alert>
        )}
        {lookup.kind === "error" && <Alert color="red">{lookup.message}</Alert>}

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={FIELD_LABELS.address} maxLength={300} {...form.getInputProps("address")} />
          <TextInput label={FIELD_LABELS.ownerName} maxLength={300} {...form.getInputProps("ownerName")} />
          <Select
            label={FIELD_LABELS.taxClass}
            data={TAX_CLASSES}
            clearable
            {...form.getInputProps("taxClass")}
          />
          <TextInput
            label={FIELD_LABELS.buildingClass}
            placeholder="D4"
            maxLength={2}
            {...form.getInputProps("buildingClass")}
          />
          <NumberInput
            label={FIELD_LABELS.residentialUnits}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("residentialUnits")}
          />
          <NumberInput
            label={FIELD_LABELS.commercialUnits}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("commercialUnits")}
          />
          <NumberInput
            label={FIELD_LABELS.commercialSqFt}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps("commercialSqFt")}
          />
          <NumberInput
            label={FIELD_LABELS.aav}
            description={t`Needed to work out the filing obligation`}
            prefix="$"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps("aav")}
          />
          <NumberInput
            label={FIELD_LABELS.finalAav}
            description={t`Sets the late-filing penalty; the AAV is used when empty`}
            prefix="$"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps("finalAav")}
          />
          <TextInput
            label={FIELD_LABELS.fiscalYearEnd}
            placeholder="12-31"
            maxLength={5}
            {...form.getInputProps("fiscalYearEnd")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {FLAGS.map((f) => (
            <Checkbox key={f} label={flagLabels[f]} {...form.getInputProps(f, { type: "checkbox" })} />
          ))}
        </SimpleGrid>
        <Textarea
          label={FIELD_LABELS.notes}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps("notes")}
        />

        {property && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              <Trans>Statement files</Trans>
            </Text>
            {files.data?.files.length ? (
              <List size="sm">
                {files.data.files.map((f) => (
                  <List.Item key={f.id}>
                    <Anchor
                      renderRoot={(props) => (
                        <Link {...props} to="/dashboard/files/$fileId" params={{ fileId: f.id }} />
                      )}
                      data-testid="property-file-link"
                    >
                      {f.fileName}
                    </Anchor>{" "}
                    · {f.statementYear ?? "—"} · {i18n._(STATUS_LABELS[f.status])}
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                {files.isLoading ? (
                  <Trans>Loading…</Trans>
                ) : (
                  <Trans>No files uploaded for this property yet.</Trans>
                )}
              </Text>
            )}
          </Stack>
        )}

        {conflict && (
          <Alert color="orange" title={t`Someone else changed this property`}>
            {conflict.length ? (
              <ConflictFields fields={conflict.join(", ")} />
            ) : (
              <Trans>Your values are still in the form; save again to keep them.</Trans>
            )}
          </Alert>
        )}
        {saveError && <Alert color="red">{saveError}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={saving}>
            {property ? <Trans>Save changes</Trans> : <Trans>Add property</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
