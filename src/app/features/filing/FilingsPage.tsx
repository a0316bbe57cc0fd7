import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  FileInput,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconBuildingCommunity, IconFileAlert, IconPlus } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { AppModal } from "../../ui/AppModal";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { propertyLabel } from "../files/PropertyPicker";
import { uploadFile } from "../files/upload-client";
import { type Property, propertiesQueries } from "../properties/properties-api";
import { errorMessage, filingApi, filingKeys, filingQueries } from "./filing-api";
import { OwnerFilingCard } from "./OwnerFilingCard";

const thisYear = () => new Date().getFullYear();

function PropertyYearFields({
  properties,
  propertyId,
  setPropertyId,
  year,
  setYear,
}: {
  properties: Property[];
  propertyId: string | null;
  setPropertyId: (v: string | null) => void;
  year: number;
  setYear: (v: number) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <Select
        label={t`Property`}
        placeholder={t`Choose a property`}
        data={properties.map((p) => ({ value: p.id, label: propertyLabel(p) }))}
        value={propertyId}
        onChange={setPropertyId}
        searchable
        required
      />
      <NumberInput
        label={t`Year`}
        min={2000}
        max={2100}
        allowDecimal={false}
        value={year}
        onChange={(v) => setYear(typeof v === "number" ? v : Number(v) || thisYear())}
        required
      />
    </>
  );
}

function StartFilingForm({
  properties,
  initial,
  onDone,
}: {
  properties: Property[];
  initial: { propertyId: string | null; year: number };
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [propertyId, setPropertyId] = useState<string | null>(initial.propertyId);
  const [year, setYear] = useState(initial.year);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!propertyId) {
      setError(t`Choose a property`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await filingApi.start(propertyId, year);
      toast.success(t`Filing started`);
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <PropertyYearFields {...{ properties, propertyId, setPropertyId, year, setYear }} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            <Trans>Start filing</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A penalty-removal request: the property, the penalty notice (uploaded first) and the reason. */
function PenaltyRemovalForm({ properties, onDone }: { properties: Property[]; onDone: () => void }) {
  const { t } = useLingui();
  const [propertyId, setPropertyId] = useState<string | null>(properties[0]?.id ?? null);
  const [year, setYear] = useState(thisYear());
  const [notice, setNotice] = useState<File | null>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!propertyId || !notice || !reason.trim()) {
      setError(t`Choose the property, attach the penalty notice and give the reason`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const up = await uploadFile({
        file: notice,
        bblId: propertyId,
        documentType: "other",
        statementYear: year,
      });
      await filingApi.penaltyRemoval({ propertyId, year, reason: reason.trim(), noticeFileId: up.id });
      toast.success(t`Penalty removal requested`);
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <PropertyYearFields {...{ properties, propertyId, setPropertyId, year, setYear }} />
        <FileInput
          label={t`Penalty notice`}
          description={t`Choose the notice (PDF or image)`}
          accept="application/pdf,image/*"
          value={notice}
          onChange={setNotice}
          clearable
          required
        />
        <Textarea
          label={t`Why should the penalty be removed?`}
          autosize
          minRows={3}
          maxLength={5000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            <Trans>Request penalty removal</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What a link into the page points at (the dashboard home's rows): scrolled to and focused. */
interface FilingsFocus {
  property?: string;
  filing?: string;
  year?: number;
}

/** /dashboard/filings: each property's filings for the year on a timeline; start one; penalty removal. */
export function FilingsPage({ penalty = false, focus = {} }: { penalty?: boolean; focus?: FilingsFocus }) {
  const { t } = useLingui();
  usePageTitle(t`Filings`);
  const wide = useMediaQuery("(min-width: 48em)", true);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [year, setYear] = useState(focus.year ?? thisYear());
  const [starting, setStarting] = useState<{ propertyId: string | null } | null>(null);
  const [penaltyOpen, setPenaltyOpen] = useState(penalty);

  const properties = useQuery(propertiesQueries.company());
  const filings = useQuery(filingQueries.list(year));
  const refresh = () => queryClient.invalidateQueries({ queryKey: filingKeys.all });

  const closePenalty = () => {
    setPenaltyOpen(false);
    if (penalty) void navigate({ to: "/dashboard/filings", search: {}, replace: true });
  };

  const props = properties.data ?? [];
  const target = focus.filing
    ? `filing-${focus.filing}`
    : focus.property
      ? `property-${focus.property}`
      : null;
  const ready = !properties.isPending && !filings.isPending;
  useEffect(() => {
    if (!ready || !target) return;
    const el = document.getElementById(target);
    el?.scrollIntoView({ block: "start" });
    el?.focus({ preventScroll: true });
  }, [ready, target]);
  const years = Array.from({ length: 6 }, (_, i) => String(thisYear() + 1 - i));
  const loading = properties.isPending || filings.isPending;
  const error = properties.error ?? filings.error;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>
          <Trans>Filings</Trans>
        </Title>
        <Group gap="xs" wrap="wrap">
          <Select
            w={110}
            aria-label={t`Filing year`}
            data={years}
            value={String(year)}
            allowDeselect={false}
            onChange={(v) => v && setYear(Number(v))}
          />
          {props.length > 0 && (
            <>
              <Button leftSection={<IconPlus size={18} />} onClick={() => setStarting({ propertyId: null })}>
                <Trans>Start a filing</Trans>
              </Button>
              <Button
                variant="default"
                leftSection={<IconFileAlert size={18} />}
                onClick={() => setPenaltyOpen(true)}
              >
                <Trans>Request penalty removal</Trans>
              </Button>
            </>
          )}
        </Group>
      </Group>

      {error && (
        <Alert color="red" title={t`The filings could not be loaded`}>
          {errorMessage(error)}
        </Alert>
      )}

      {loading ? (
        <Center py="xl">
          <Loader role="status" aria-label={t`Loading filings`} />
        </Center>
      ) : props.length === 0 && !error ? (
        <Card withBorder radius="lg" p="xl" data-testid="filings-empty">
          <Stack align="center" gap="sm">
            <IconBuildingCommunity size={48} stroke={1.4} aria-hidden />
            <Title order={2} size="h3">
              <Trans>Add a property first</Trans>
            </Title>
            <Text c="dimmed" ta="center">
              <Trans>
                Filings are made per property and year. Add your property by its BBL to start one.
              </Trans>
            </Text>
            <Button component={Link} to="/dashboard/properties">
              <Trans>Go to Properties</Trans>
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack gap="xl">
          {props.map((p) => {
            const own = (filings.data ?? []).filter((f) => f.propertyId === p.id);
            const hasRpie = own.some((f) => f.kind === "rpie");
            return (
              <Stack
                key={p.id}
                id={`property-${p.id}`}
                tabIndex={-1}
                gap="sm"
                data-testid="filing-property"
                data-bbl={p.bbl}
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Title order={2} size="h3">
                    {propertyLabel(p)}
                  </Title>
                  {!hasRpie && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => setStarting({ propertyId: p.id })}
                    >
                      <Trans>Start filing for {year}</Trans>
                    </Button>
                  )}
                </Group>
                {own.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    <Trans>No filing for {year} yet.</Trans>
                  </Text>
                ) : (
                  own.map((f) => (
                    <Box key={f.id} id={`filing-${f.id}`} tabIndex={-1}>
                      <OwnerFilingCard filing={f} />
                    </Box>
                  ))
                )}
              </Stack>
            );
          })}
        </Stack>
      )}

      <AppModal
        opened={starting !== null}
        onClose={() => setStarting(null)}
        title={t`Start a filing`}
        fullScreen={!wide}
      >
        {starting && (
          <StartFilingForm
            properties={props}
            initial={{ propertyId: starting.propertyId, year }}
            onDone={() => {
              setStarting(null);
              void refresh();
            }}
          />
        )}
      </AppModal>

      <AppModal
        opened={penaltyOpen}
        onClose={closePenalty}
        title={t`Request penalty removal`}
        fullScreen={!wide}
      >
        {props.length === 0 ? (
          <Text>
            <Trans>Add the property first, then request the penalty removal here.</Trans>
          </Text>
        ) : (
          <PenaltyRemovalForm
            properties={props}
            onDone={() => {
              closePenalty();
              void refresh();
            }}
          />
        )}
      </AppModal>
    </Stack>
  );
}
