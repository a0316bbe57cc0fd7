import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AUDIT_OPINIONS, type AuditOpinion } from "../../../domain/statement-mapping/catalogue";
import { HttpError } from "../../lib/http";
import { usePageTitle } from "../../ui/usePageTitle";
import {
  type AuditFacts,
  type AuditFieldKey,
  type AuditView,
  auditApi,
  auditKeys,
  auditQueries,
} from "./audit-api";
import { LinkButton } from "./LinkButton";

const OPINION_LABELS: Record<AuditOpinion, MessageDescriptor> = {
  unmodified: msg`Unmodified (clean)`,
  qualified: msg`Qualified`,
  adverse: msg`Adverse`,
  disclaimer: msg`Disclaimer of opinion`,
};

const EMPTY: AuditFacts = {
  auditor: null,
  cpaLicence: null,
  opinion: null,
  periodStart: null,
  periodEnd: null,
  totalIncome: null,
  totalExpenses: null,
};
const KEYS = Object.keys(EMPTY) as AuditFieldKey[];

/** The form starts from the saved facts, else from what the audit report suggests. */
function startingFacts(v: AuditView): AuditFacts {
  if (v.saved) {
    const { saved } = v;
    return Object.fromEntries(KEYS.map((k) => [k, saved[k] ?? null])) as unknown as AuditFacts;
  }
  const s = v.suggestion?.fields ?? {};
  return Object.fromEntries(KEYS.map((k) => [k, s[k] ?? null])) as unknown as AuditFacts;
}

const money = (n: number | null, locale: string) =>
  n === null
    ? "—"
    : n.toLocaleString(locale, { style: "currency", currency: "USD", maximumFractionDigits: 2 });

/**
 * /admin/statement-mapping/audit-report/{filingId}: the filing's uploaded audit report mapped to
 * the audit report fields for the TC309. Fields are pre-filled from the suggestion (each saying
 * where it came from), editable and saved; the TC309 decision on the property's AAV and the
 * filing's TC309 flags are shown beside them.
 */
export function AuditReportPage({ filingId, onSaved }: { filingId: string; onSaved?: () => void }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Audit report and TC309`);
  const qc = useQueryClient();
  const [fileId, setFileId] = useState<string | null>(null);
  const view = useQuery(auditQueries.view(filingId, fileId));
  const v = view.data;
  const [facts, setFacts] = useState<AuditFacts>(EMPTY);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);

  // Fill the form once per audit report shown (not on every refetch, which would lose edits).
  const shownKey = v ? `${v.fileId}:${v.saved?.version ?? 0}` : null;
  useEffect(() => {
    if (v && shownKey !== loadedFor) {
      setFacts(startingFacts(v));
      setLoadedFor(shownKey);
    }
  }, [v, shownKey, loadedFor]);

  const save = useMutation({
    mutationFn: () => {
      if (!v) throw new Error("not loaded");
      return auditApi.save(filingId, { ...facts, version: v.saved?.version ?? 0, fileId: v.fileId });
    },
    onSuccess: (next) => {
      qc.setQueryData(auditKeys.view(filingId, fileId), next);
      onSaved?.();
    },
    onError: (err) => {
      if (err instanceof HttpError && err.status === 409) void view.refetch();
    },
  });

  const back = (
    <LinkButton
      to="/admin/filings/$filingId"
      params={{ filingId }}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      style={{ alignSelf: "flex-start" }}
    >
      <Trans>Back to the filing</Trans>
    </LinkButton>
  );

  if (view.isPending)
    return (
      <Stack p="md" maw={960}>
        {back}
        <Group>
          <Loader size="sm" role="status" aria-label={t`Loading the audit report`} />
          <Text c="dimmed">
            <Trans>Loading the audit report…</Trans>
          </Text>
        </Group>
      </Stack>
    );
  if (view.isError || !v)
    return (
      <Stack p="md" maw={960}>
        {back}
        <Alert color="red" title={t`The audit report could not be loaded`} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{view.error?.message}</Text>
            <Button size="xs" variant="light" onClick={() => void view.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );

  const year = v.filing.year;
  const company = v.filing.companyName;
  const bbl = v.filing.bbl;
  const where = v.filing.address ? ` · ${v.filing.address}` : "";
  const statementYear = year - 1;
  const suggestion = v.suggestion;
  /** Where a field's value came from, for staff to check. */
  const source = (k: AuditFieldKey): string => {
    const value = facts[k];
    const suggested = suggestion?.fields[k] ?? null;
    const evidence = suggestion?.evidence[k];
    if (value !== null && value !== "" && value === suggested && evidence)
      return t`Read from the audit report: “${evidence}”`;
    if (v.saved && value === (v.saved[k] ?? null) && value !== null) {
      const who = v.saved.updatedBy?.displayName ?? t`staff`;
      return t`Saved by ${who}`;
    }
    if (value !== null && value !== "") return t`Entered by hand`;
    return suggestion ? t`Not found in the audit report` : "";
  };
  const text = (k: "auditor" | "cpaLicence", label: string) => (
    <TextInput
      label={label}
      description={source(k)}
      value={facts[k] ?? ""}
      maxLength={k === "auditor" ? 200 : 50}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setFacts((f) => ({ ...f, [k]: value || null }));
      }}
    />
  );
  const date = (k: "periodStart" | "periodEnd", label: string) => (
    <TextInput
      type="date"
      label={label}
      description={source(k)}
      value={facts[k] ?? ""}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setFacts((f) => ({ ...f, [k]: value || null }));
      }}
    />
  );
  const amount = (k: "totalIncome" | "totalExpenses", label: string) => (
    <NumberInput
      label={label}
      description={source(k)}
      value={facts[k] ?? ""}
      min={0}
      decimalScale={2}
      thousandSeparator=","
      prefix="$"
      allowNegative={false}
      onChange={(value) => setFacts((f) => ({ ...f, [k]: typeof value === "number" ? value : null }))}
    />
  );
  const required = v.tc309.required;
  const savedAt = v.saved ? new Date(v.saved.updatedAt).toLocaleString(i18n.locale) : "";
  const savedBy = v.saved?.updatedBy ? ` · ${v.saved.updatedBy.displayName}` : "";
  const fromFile = v.files[0]?.fileName ?? "";
  const suggestionError = v.suggestionError ?? "";
  const aav = money(v.tc309.tentativeAav, i18n.locale);

  return (
    <Stack p="md" maw={960} gap="md">
      {back}
      <div>
        <Title order={1} size="h2">
          <Trans>Audit report and TC309</Trans>
        </Title>
        <Text c="dimmed" size="sm" style={{ overflowWrap: "anywhere" }}>
          <Trans>
            {company} · BBL {bbl}
            {where} · {year} filing
          </Trans>
        </Text>
      </div>

      <Card withBorder radius="lg" data-testid="tc309-decision">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4">
              <Trans>Is the TC309 required?</Trans>
            </Title>
            <Badge
              color={required === true ? "orange" : required === false ? "gray" : "yellow"}
              variant="light"
            >
              {required === true ? t`Required` : required === false ? t`Not required` : t`Cannot tell yet`}
            </Badge>
          </Group>
          <Text size="sm">
            <Trans>Tentative AAV (the property's AAV): {aav}</Trans>
          </Text>
          <Text size="sm" c="dimmed">
            {v.tc309.reason}
          </Text>
        </Stack>
      </Card>

      {v.flags.length > 0 && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t`This filing is flagged for the TC309`}
          data-testid="tc309-flags"
        >
          <List size="sm" spacing={4}>
            {v.flags.map((f) => (
              <List.Item key={f.message}>{f.message}</List.Item>
            ))}
          </List>
          <Text size="xs" mt="xs">
            <Trans>Staff must fix these or explain them when marking the filing filed.</Trans>
          </Text>
        </Alert>
      )}

      {v.files.length === 0 ? (
        <Card withBorder radius="lg" data-testid="audit-empty">
          <Stack gap="xs">
            <Title order={2} size="h4">
              <Trans>No audit report uploaded</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                The owner has not uploaded an audit report (document type “Audit report”) for {statementYear}.
                Ask the owner for it when the TC309 is required.
              </Trans>
            </Text>
          </Stack>
        </Card>
      ) : (
        <Card
          withBorder
          radius="lg"
          component="form"
          data-testid="audit-form"
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="md">
            <Title order={2} size="h4">
              <Trans>Audit report fields</Trans>
            </Title>
            {v.files.length > 1 && (
              <Select
                label={t`Audit report`}
                data={v.files.map((f) => ({ value: f.fileId, label: f.fileName }))}
                value={v.fileId}
                allowDeselect={false}
                onChange={(id) => id && setFileId(id)}
              />
            )}
            {v.files.length === 1 && (
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                <Trans>From {fromFile}</Trans>
              </Text>
            )}
            {v.suggestionError && (
              <Alert color="yellow" role="status">
                <Trans>No suggestion from this file: {suggestionError}</Trans>
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {text("auditor", t`Auditor (firm)`)}
              {text("cpaLicence", t`CPA licence number`)}
              <Select
                label={t`Opinion`}
                description={source("opinion")}
                data={AUDIT_OPINIONS.map((o) => ({ value: o, label: i18n._(OPINION_LABELS[o]) }))}
                value={facts.opinion}
                clearable
                onChange={(value) =>
                  setFacts((f) => ({ ...f, opinion: (value as AuditOpinion | null) ?? null }))
                }
              />
              <div />
              {date("periodStart", t`Period audited — from`)}
              {date("periodEnd", t`Period audited — to`)}
              {amount("totalIncome", t`Audited total income`)}
              {amount("totalExpenses", t`Audited total expenses`)}
            </SimpleGrid>
            {save.isError && (
              <Alert color="red" role="alert">
                {save.error.message}
              </Alert>
            )}
            {save.isSuccess && !save.isPending && (
              <Text size="sm" c="green" role="status">
                <Trans>Audit report facts saved.</Trans>
              </Text>
            )}
            <Group justify="space-between" wrap="wrap">
              <Text size="xs" c="dimmed">
                {v.saved ? (
                  <Trans>
                    Last saved {savedAt}
                    {savedBy}
                  </Trans>
                ) : (
                  <Trans>Not saved yet: the fields show what the audit report suggests.</Trans>
                )}
              </Text>
              <Button type="submit" loading={save.isPending}>
                <Trans>Save audit report facts</Trans>
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
