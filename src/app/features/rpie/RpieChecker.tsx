import "../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { currentFilingYear, todayInNewYork } from "../../../domain/rpie";
import { http } from "../../lib/http";
import { NeedsScript } from "../../ui/NeedsScript";
import { ObligationBadges, type ObligationSummary, useRpieFormat } from "./ObligationBadges";

interface AssessResult extends ObligationSummary {
  reasons: string[];
}

interface CheckerValues {
  filingYear: number;
  aav: number | string;
  finalAav: number | string;
  residentialUnits: number | string;
  commercialUnits: number | string;
  commercialSqFt: number | string;
  buildingClass: string;
  consecutiveYearsNotFiled: number | string;
  isCoop: boolean;
  isCondoUnit: boolean;
  ownerOccupied: boolean;
  relatedPartyOnly: boolean;
  fullyExempt: boolean;
  vacant: boolean;
  vacantLand: boolean;
  fullYearOwned: boolean;
}

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

const num = (v: number | string) => (typeof v === "number" ? v : v === "" ? undefined : Number(v));

function Deadline({ deadline, penalty }: { deadline: string; penalty: string }) {
  return (
    <Text size="sm">
      <Trans>
        Deadline: {deadline}. Filing late can cost {penalty}.
      </Trans>
    </Text>
  );
}

/** The public "Do I have to file?" checker: the RPIE rules through POST /api/rpie/assess. */
export function RpieChecker() {
  const { t, i18n } = useLingui();
  const fmt = useRpieFormat();
  const [result, setResult] = useState<AssessResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const whole = (v: number | string, required: boolean) => {
    if (v === "" || v === undefined) return required ? t`Required` : null;
    return Number.isInteger(Number(v)) && Number(v) >= 0 ? null : t`Enter a whole number, 0 or more`;
  };
  const form = useForm<CheckerValues>({
    initialValues: {
      filingYear: currentFilingYear(todayInNewYork()),
      aav: "",
      finalAav: "",
      residentialUnits: 0,
      commercialUnits: 0,
      commercialSqFt: "",
      buildingClass: "",
      consecutiveYearsNotFiled: 0,
      isCoop: false,
      isCondoUnit: false,
      ownerOccupied: false,
      relatedPartyOnly: false,
      fullyExempt: false,
      vacant: false,
      vacantLand: false,
      fullYearOwned: true,
    },
    validate: {
      aav: (v) => whole(v, true),
      finalAav: (v) => whole(v, false),
      residentialUnits: (v) => whole(v, true),
      commercialUnits: (v) => whole(v, true),
      commercialSqFt: (v) => whole(v, false),
      consecutiveYearsNotFiled: (v) => whole(v, false),
      buildingClass: (v) => (v === "" || /^[A-Za-z][0-9A-Za-z]$/.test(v) ? null : t`Two characters, e.g. D4`),
    },
  });

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

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, unknown> = {
        filingYear: v.filingYear,
        aav: num(v.aav),
        finalAav: num(v.finalAav),
        residentialUnits: num(v.residentialUnits),
        commercialUnits: num(v.commercialUnits),
        commercialSqFt: num(v.commercialSqFt),
        buildingClass: v.buildingClass.trim() || undefined,
        consecutiveYearsNotFiled: num(v.consecutiveYearsNotFiled),
      };
      for (const f of FLAGS) body[f] = v[f];
      setResult(await http.post<AssessResult>("/api/rpie/assess", body, { anonymous: true }));
    } catch (err) {
      setResult(null);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card withBorder radius="lg" p={{ base: "md", sm: "xl" }} data-testid="rpie-checker">
      <form method="post" onSubmit={submit} noValidate>
        <NeedsScript />
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <NumberInput
              label={t`Filing year`}
              min={2000}
              max={2100}
              allowDecimal={false}
              {...form.getInputProps("filingYear")}
            />
            <NumberInput
              label={t`Actual assessed value (AAV)`}
              description={t`From your Notice of Property Value`}
              prefix="$"
              thousandSeparator=","
              min={0}
              allowDecimal={false}
              allowNegative={false}
              required
              {...form.getInputProps("aav")}
            />
            <NumberInput
              label={t`Final AAV (optional)`}
              prefix="$"
              thousandSeparator=","
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("finalAav")}
            />
            <NumberInput
              label={t`Residential units`}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("residentialUnits")}
            />
            <NumberInput
              label={t`Commercial units`}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("commercialUnits")}
            />
            <NumberInput
              label={t`Commercial square feet (optional)`}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("commercialSqFt")}
            />
            <TextInput
              label={t`Building class (optional)`}
              placeholder="D4"
              maxLength={2}
              {...form.getInputProps("buildingClass")}
            />
            <NumberInput
              label={t`Years in a row already missed`}
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("consecutiveYearsNotFiled")}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {FLAGS.map((f) => (
              <Checkbox key={f} label={flagLabels[f]} {...form.getInputProps(f, { type: "checkbox" })} />
            ))}
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={busy}>
              <Trans>Check</Trans>
            </Button>
          </Group>
          {error && (
            <Alert color="red" title={t`Could not check`}>
              {error}
            </Alert>
          )}
          {result && (
            <Stack gap="xs" aria-live="polite" data-testid="rpie-result">
              <Title order={3}>
                {result.mustFile ? (
                  <Trans>Yes — this property must file an RPIE statement.</Trans>
                ) : result.claimOfExclusion ? (
                  <Trans>This property is excluded, but must file a Claim of Exclusion.</Trans>
                ) : (
                  <Trans>No — this property does not have to file.</Trans>
                )}
              </Title>
              <ObligationBadges a={result} />
              {(result.mustFile || result.claimOfExclusion) && (
                <Deadline deadline={fmt.date(result.deadline)} penalty={fmt.money(result.penaltyIfLate)} />
              )}
              {i18n.locale === "en" && (
                <List size="sm" c="dimmed">
                  {result.reasons.map((r) => (
                    <List.Item key={r}>{r}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          )}
        </Stack>
      </form>
    </Card>
  );
}
