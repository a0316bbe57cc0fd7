/**
 * /dashboard/print-inventory-label (issue 7, "Labels"): choose items (a batch, a search or
 * the last scans), choose the label stock — 2 × 1 in or 2.25 × 1.25 in thermal labels, or
 * Avery 5160 sheets with a starting position — see every label in a preview, and print. The
 * data comes from Dexie, so it all works offline. See docs/warehouse.md.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Radio,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useElementSize, useLocalStorage } from "@mantine/hooks";
import { IconPrinter, IconX } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useRef, useState } from "react";
import { useReactToPrint } from "react-to-print";
import type { Item } from "../../../../domain/inventory/item";
import {
  DEFAULT_DPI,
  isLongCodeChoice,
  isPrinterDpi,
  LONG_CODE_CHOICES,
  type LongCodeChoice,
  PRINTER_DPIS,
} from "../../../../domain/labels/label-barcode";
import { labelsFor, MAX_COPIES, MAX_LABELS } from "../../../../domain/labels/label-data";
import {
  clampStart,
  isLabelSizeId,
  LABEL_SIZE_IDS,
  LABEL_SIZES,
  type LabelSizeId,
  pageCount,
} from "../../../../domain/labels/label-layout";
import { planLabels } from "../../../../domain/labels/label-problems";
import { useCompanyId } from "../../../offline/company-context";
import { getDb } from "../../../offline/db";
import { AppModal } from "../../../ui/AppModal";
import { toast } from "../../../ui/toast";
import { usePageTitle } from "../../../ui/usePageTitle";
import { DataMatrixStatus } from "./DataMatrixStatus";
import { useDataMatrixEncoder } from "./datamatrix-loader";
import { ItemChooser } from "./ItemChooser";
import { LabelWarnings } from "./LabelWarnings";
import { PrintSheets, pageRule } from "./PrintSheets";
import { StartPositionPicker } from "./StartPositionPicker";
import { addIds, parseSelection, removeIds, selectionKey, toggleId } from "./selection";

/** CSS pixels per inch (the preview is zoomed from physical size to fit its column). */
const PX_PER_IN = 96;

function useSelection(companyId: string | null) {
  const key = companyId ? selectionKey(companyId) : null;
  const [ids, setIds] = useState<string[]>([]);
  const loaded = useRef<string | null>(null);
  useEffect(() => {
    if (!key) return;
    try {
      setIds(parseSelection(window.sessionStorage.getItem(key)));
    } catch {
      setIds([]);
    }
    loaded.current = key;
  }, [key]);
  useEffect(() => {
    if (!key || loaded.current !== key) return;
    try {
      window.sessionStorage.setItem(key, JSON.stringify(ids));
    } catch {
      // storage refused: the selection lives for this page only
    }
  }, [key, ids]);
  return [ids, setIds] as const;
}

export function PrintLabelsPage() {
  const { t } = useLingui();
  usePageTitle(t`Print Labels`);
  const companyId = useCompanyId();
  const db = getDb();
  const [selected, setSelected] = useSelection(companyId);
  const [cleared, setCleared] = useState<string[] | null>(null);
  const [storedSize, setSizeId] = useLocalStorage<string>({
    key: "blocklot.labels.size",
    defaultValue: "thermal-2x1",
    getInitialValueInEffect: false,
  });
  const sizeId: LabelSizeId = isLabelSizeId(storedSize) ? storedSize : "thermal-2x1";
  // the printer's resolution and what to do with codes too long for bars: remembered on the device
  const [storedDpi, setDpi] = useLocalStorage<string>({
    key: "blocklot.labels.dpi",
    defaultValue: String(DEFAULT_DPI),
    getInitialValueInEffect: false,
  });
  const dpi = isPrinterDpi(storedDpi) ? Number(storedDpi) : DEFAULT_DPI;
  const [storedLong, setLong] = useLocalStorage<string>({
    key: "blocklot.labels.long-codes",
    defaultValue: "warn",
    getInitialValueInEffect: false,
  });
  const long: LongCodeChoice = isLongCodeChoice(storedLong) ? storedLong : "warn";
  const [confirming, setConfirming] = useState(false);
  const size = LABEL_SIZES[sizeId];
  const [startRaw, setStart] = useState(1);
  const start = clampStart(size, startRaw);
  const [copies, setCopies] = useState(1);

  const items = useLiveQuery(
    async () => (await db.items.bulkGet(selected)).filter((i): i is Item => !!i && i.companyId === companyId),
    [db, selected, companyId],
  );
  const labels = useMemo(() => labelsFor(items ?? [], size, copies), [items, size, copies]);
  const pages = pageCount(size, labels.length, start);

  // Each code's symbol at this printer's resolution, and what to say before printing. The Data
  // Matrix encoder is fetched only when a code no barcode fits could use it (datamatrix-loader.ts).
  const dataMatrix = useDataMatrixEncoder();
  const problems = useMemo(
    () => planLabels(labels, size, dpi, long, dataMatrix.encoder),
    [labels, size, dpi, long, dataMatrix.encoder],
  );
  const { request: requestDataMatrix } = dataMatrix;
  useEffect(() => {
    if (problems.needsDataMatrix) requestDataMatrix();
  }, [problems.needsDataMatrix, requestDataMatrix]);
  const preparing = problems.needsDataMatrix && dataMatrix.status !== "failed";

  const { ref: previewBox, width: previewWidth } = useElementSize();
  const zoom = previewWidth > 0 ? Math.min(1, previewWidth / (size.pageWidth * PX_PER_IN)) : 1;

  const printRef = useRef<HTMLDivElement>(null);
  const print = useReactToPrint({
    contentRef: printRef,
    documentTitle: t`Labels`,
    pageStyle: `${pageRule(size)} html, body { margin: 0; padding: 0; background: #fff; }`,
    onPrintError: (_where, error) => toast.error(t`Printing failed: ${error.message}`),
  });

  const toggle = (id: string) => setSelected((s) => toggleId(s, id, MAX_LABELS));
  const add = (ids: string[]) => {
    setSelected((s) => addIds(s, ids, MAX_LABELS));
    setCleared(null);
  };
  const clear = () => {
    setCleared(selected);
    setSelected([]);
  };

  const sizeName: Record<LabelSizeId, string> = {
    "thermal-2x1": t`2 × 1 in thermal label`,
    "thermal-2.25x1.25": t`2.25 × 1.25 in thermal label`,
    "avery-5160": t`Avery 5160 sheet (US Letter, 30 labels of 2⅝ × 1 in)`,
  };
  const sizeHint: Record<LabelSizeId, string> = {
    "thermal-2x1": t`One label per page, for Zebra, DYMO and Rollo printers`,
    "thermal-2.25x1.25": t`One label per page, for Zebra, DYMO and Rollo printers`,
    "avery-5160": t`Print at 100% (“Actual size”), not “Fit to page”`,
  };
  const longName: Record<LongCodeChoice, string> = {
    warn: t`Warn`,
    qr: t`QR code`,
    datamatrix: t`Data Matrix`,
  };
  const count = labels.length;

  if (!companyId) {
    return (
      <Alert color="yellow" title={t`No company`}>
        <Trans>Labels are printed for a company's items. Join or create a company first.</Trans>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Print Labels</Trans>
      </Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card padding="lg" withBorder>
            <Stack gap="md">
              <Title order={2} size="h4">
                <Trans>Choose items</Trans>
              </Title>
              <ItemChooser companyId={companyId} selected={selected} onToggle={toggle} onAdd={add} />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <Card padding="lg" withBorder>
              <Stack gap="md">
                <Radio.Group
                  label={<Title order={2} size="h4">{t`Label size`}</Title>}
                  value={sizeId}
                  onChange={(v) => setSizeId(v)}
                >
                  <Stack gap="xs" mt="xs">
                    {LABEL_SIZE_IDS.map((id) => (
                      <Radio key={id} value={id} label={sizeName[id]} description={sizeHint[id]} />
                    ))}
                  </Stack>
                </Radio.Group>
                {size.kind === "sheet" ? (
                  <StartPositionPicker size={size} value={start} onChange={setStart} />
                ) : null}
                <Stack gap={4}>
                  <Text component="span" size="sm" fw={500} id="label-printer-dpi">
                    <Trans>Printer resolution</Trans>
                  </Text>
                  <SegmentedControl
                    aria-labelledby="label-printer-dpi"
                    value={String(dpi)}
                    onChange={setDpi}
                    data={PRINTER_DPIS.map((d) => ({ value: String(d), label: t`${d} dpi` }))}
                  />
                  <Text size="xs" c="dimmed">
                    <Trans>
                      Most thermal label printers print 203 dpi, some 300; office printers 600. Bars are made
                      of whole printer dots, at least 2 for the narrowest bar.
                    </Trans>
                  </Text>
                </Stack>
                <Stack gap={4}>
                  <Text component="span" size="sm" fw={500} id="label-long-codes">
                    <Trans>Codes too long for a barcode</Trans>
                  </Text>
                  <SegmentedControl
                    aria-labelledby="label-long-codes"
                    value={long}
                    onChange={setLong}
                    data={LONG_CODE_CHOICES.map((c) => ({ value: c, label: longName[c] }))}
                  />
                  <Text size="xs" c="dimmed">
                    <Trans>
                      Printed as a square 2D code beside the text, or listed before printing. Data Matrix is
                      smaller than a QR code for the same code, so its squares can be larger.
                    </Trans>
                  </Text>
                </Stack>
                <NumberInput
                  label={t`Labels per item`}
                  min={1}
                  max={MAX_COPIES}
                  clampBehavior="strict"
                  allowDecimal={false}
                  value={copies}
                  onChange={(v) => setCopies(typeof v === "number" ? v : Number(v) || 1)}
                  w={{ base: "100%", sm: 200 }}
                />
              </Stack>
            </Card>
            <Card padding="lg" withBorder>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} size="h4">
                    <Trans>Chosen items</Trans>
                  </Title>
                  {selected.length > 0 ? (
                    <Button variant="subtle" size="xs" color="red" onClick={clear}>
                      <Trans>Clear all</Trans>
                    </Button>
                  ) : null}
                </Group>
                {cleared ? (
                  <Alert
                    color="gray"
                    withCloseButton
                    onClose={() => setCleared(null)}
                    closeButtonLabel={t`Close`}
                  >
                    <Group justify="space-between">
                      <Text size="sm">
                        <Plural value={cleared.length} one="# item removed." other="# items removed." />
                      </Text>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => {
                          setSelected(cleared);
                          setCleared(null);
                        }}
                      >
                        <Trans>Undo</Trans>
                      </Button>
                    </Group>
                  </Alert>
                ) : null}
                {items && items.length > 0 ? (
                  <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars>
                    <Stack gap={2} data-testid="chosen-items">
                      {items.map((item) => (
                        <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs">
                          <Text size="sm" truncate miw={0} flex={1}>
                            {item.title || t`Untitled item`}{" "}
                            <Text span size="xs" c="dimmed" ff="monospace">
                              {item.sku}
                            </Text>
                          </Text>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t`Remove ${item.sku}`}
                            onClick={() => setSelected((s) => removeIds(s, [item.id]))}
                          >
                            <IconX size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      ))}
                    </Stack>
                  </ScrollArea.Autosize>
                ) : (
                  <Text size="sm" c="dimmed">
                    <Trans>No items chosen yet.</Trans>
                  </Text>
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <AppModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t`Some labels cannot be scanned`}
      >
        <Stack gap="md">
          <Text size="sm">
            <Plural
              value={problems.unscannableLabels}
              one="# label will print without a barcode a scanner can read (see the list above the preview)."
              other="# labels will print without a barcode a scanner can read (see the list above the preview)."
            />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Go back and fix</Trans>
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                print();
              }}
            >
              <Trans>Print anyway</Trans>
            </Button>
          </Group>
        </Stack>
      </AppModal>
      <Card padding="lg" withBorder>
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={2} size="h4">
                <Trans>Preview</Trans>
              </Title>
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="label-summary">
                {count === 0 ? (
                  <Trans>Choose items to see their labels.</Trans>
                ) : size.kind === "sheet" ? (
                  t`Labels: ${count} · Sheets: ${pages} · First label at position ${start}`
                ) : (
                  t`Labels: ${count} · One label per page`
                )}
              </Text>
            </div>
            <Button
              leftSection={<IconPrinter size={18} aria-hidden />}
              disabled={count === 0 || preparing}
              onClick={() => (problems.unscannableLabels > 0 ? setConfirming(true) : print())}
              size="md"
            >
              <Trans>Print labels</Trans>
            </Button>
          </Group>
          {problems.needsDataMatrix ? (
            <DataMatrixStatus
              status={dataMatrix.status}
              chosen={long === "datamatrix"}
              onRetry={requestDataMatrix}
            />
          ) : null}
          {preparing ? null : <LabelWarnings problems={problems} dpi={dpi} sizeName={sizeName} />}
          <Box ref={previewBox} data-testid="label-preview">
            {count > 0 ? (
              <PrintSheets
                ref={printRef}
                labels={labels}
                size={size}
                start={start}
                zoom={zoom}
                dpi={dpi}
                plans={problems.plans}
              />
            ) : null}
          </Box>
        </Stack>
      </Card>
    </Stack>
  );
}
