/**
 * The printable labels: one element per printed page at its exact size in inches, each label
 * absolutely placed where the stock has it (label-layout.ts). The same DOM is the on-screen
 * preview (zoomed to fit) and what prints, through react-to-print or the browser's own Print.
 */
import { useLingui } from "@lingui/react/macro";
import { forwardRef, memo, useMemo } from "react";
import { barRuns } from "../../../../domain/labels/barcode";
import {
  type BarcodePlan,
  barcodeAreaInches,
  MATRIX_QUIET_MODULES,
  sidePadding,
  snapToDots,
} from "../../../../domain/labels/label-barcode";
import type { LabelData } from "../../../../domain/labels/label-data";
import {
  cellPosition,
  type LabelSize,
  labelsPerPage,
  layoutPages,
} from "../../../../domain/labels/label-layout";
import { CONDITION_LABELS } from "../field-labels";
import classes from "./labels.module.css";

/** The @page rule of a print of this size (also react-to-print's pageStyle). */
export const pageRule = (size: LabelSize) =>
  `@page { size: ${size.pageWidth}in ${size.pageHeight}in; margin: 0; }`;

/** One SVG path of all the bars: fewer nodes than one rectangle per bar. */
function barsPath(bits: string): string {
  return barRuns(bits)
    .map(([x, w]) => `M${x} 0h${w}v1h-${w}z`)
    .join("");
}

/** One SVG path of a 2D code's dark modules, offset by its quiet zone. */
function matrixPath(matrix: boolean[][], quiet: number): string {
  let d = "";
  matrix.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
    });
  });
  return d;
}

/** Where things go on a label: its corner on the page and the printer's resolution. */
interface Placement {
  size: LabelSize;
  x: number;
  y: number;
  dpi: number;
}

/** The CODE128 bars, each module whole printer dots, starting on the dot grid. */
const Bars = memo(function Bars({
  code,
  plan,
  at,
}: {
  code: string;
  plan: Extract<BarcodePlan, { kind: "code128" }>;
  at: Placement;
}) {
  const { t } = useLingui();
  const free = barcodeAreaInches(at.size) - plan.widthInches;
  const left = free / 2 + snapToDots(at.x + sidePadding(at.size) + free / 2, at.dpi);
  return (
    <svg
      className={classes.bars}
      style={{
        height: `${at.size.barcodeHeight}in`,
        width: `${plan.widthInches}in`,
        marginLeft: `${left}in`,
      }}
      viewBox={`0 0 ${plan.modules} 1`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      role="img"
      aria-label={t`Barcode ${code}`}
      data-code={code}
      data-symbol="code128"
      data-dots={plan.dotsPerModule}
    >
      <path d={barsPath(plan.bits)} fill="#000" />
    </svg>
  );
});

/** A QR code or Data Matrix at the label's right edge, centred in its height, on the printer's dot grid. */
const Matrix = memo(function Matrix({
  code,
  plan,
  at,
}: {
  code: string;
  plan: Extract<BarcodePlan, { kind: "qr" | "datamatrix" }>;
  at: Placement;
}) {
  const { t } = useLingui();
  const side = plan.sideInches;
  const quiet = MATRIX_QUIET_MODULES[plan.kind];
  const n = plan.matrix.length + 2 * quiet;
  const left0 = at.size.labelWidth - sidePadding(at.size) - side;
  const top0 = (at.size.labelHeight - side) / 2;
  return (
    <svg
      className={classes.matrix}
      style={{
        width: `${side}in`,
        height: `${side}in`,
        left: `${left0 + snapToDots(at.x + left0, at.dpi)}in`,
        top: `${top0 + snapToDots(at.y + top0, at.dpi)}in`,
      }}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={plan.kind === "qr" ? t`QR code ${code}` : t`Data Matrix ${code}`}
      data-code={code}
      data-symbol={plan.kind}
      data-dots={plan.dotsPerModule}
    >
      <path d={matrixPath(plan.matrix, quiet)} fill="#000" />
    </svg>
  );
});

const LabelView = memo(function LabelView({
  label,
  plan,
  at,
}: {
  label: LabelData;
  plan: BarcodePlan | null;
  at: Placement;
}) {
  const { t, i18n } = useLingui();
  const { size } = at;
  const padX = sidePadding(size);
  // a 2D code takes the right of the label; the text keeps the left
  const matrix = plan?.kind === "qr" || plan?.kind === "datamatrix" ? plan : null;
  const padRight = matrix ? padX + matrix.sideInches + 0.04 : padX;
  return (
    <div
      className={classes.label}
      data-testid="label"
      data-code={label.code ?? ""}
      style={{
        left: `${at.x}in`,
        top: `${at.y}in`,
        width: `${size.labelWidth}in`,
        height: `${size.labelHeight}in`,
        padding: `${size.padding}in ${padRight}in ${size.padding}in ${padX}in`,
      }}
    >
      <div
        className={classes.title}
        style={{ fontSize: `${size.titlePt}pt`, WebkitLineClamp: size.titleLines }}
      >
        {label.title}
      </div>
      {label.code && plan ? (
        <div>
          {plan.kind === "code128" ? (
            <Bars code={label.code} plan={plan} at={at} />
          ) : plan.kind === "none" ? (
            <div
              className={classes.noCode}
              style={{ height: `${size.barcodeHeight}in` }}
              data-testid="label-no-barcode"
            >
              {plan.reason === "not-ascii"
                ? t`This code cannot be printed as a barcode`
                : t`Too long for a barcode on this label`}
            </div>
          ) : null}
          <div className={classes.code} style={{ fontSize: `${size.detailPt - 0.5}pt` }}>
            {label.code}
          </div>
        </div>
      ) : (
        <div className={classes.noCode} style={{ height: `${size.barcodeHeight}in` }}>
          {t`No SKU or barcode`}
        </div>
      )}
      <div className={classes.details} style={{ fontSize: `${size.detailPt}pt` }}>
        <span>{label.price ?? ""}</span>
        <span>{i18n._(CONDITION_LABELS[label.condition])}</span>
        <span>{label.location ?? ""}</span>
      </div>
      {label.code && matrix ? <Matrix code={label.code} plan={matrix} at={at} /> : null}
    </div>
  );
});

export interface PrintSheetsProps {
  labels: readonly LabelData[];
  size: LabelSize;
  /** First position on the first sheet (1-based), for a partly used sheet. */
  start: number;
  /** On-screen zoom of the preview (print is always 1:1). */
  zoom?: number;
  /** The printer's resolution: modules are whole dots of it. */
  dpi: number;
  /** Each code's symbol (planBarcode), by code. */
  plans: ReadonlyMap<string, BarcodePlan>;
}

/** Every printed page of the labels. */
export const PrintSheets = forwardRef<HTMLDivElement, PrintSheetsProps>(function PrintSheets(
  { labels, size, start, zoom = 1, dpi, plans },
  ref,
) {
  const pages = useMemo(() => layoutPages(size, labels.length, start), [size, labels.length, start]);
  const slots = useMemo(
    () =>
      size.kind === "sheet"
        ? Array.from({ length: labelsPerPage(size) }, (_, cell) => ({ cell, ...cellPosition(size, cell) }))
        : [],
    [size],
  );
  return (
    <div
      ref={ref}
      className={classes.root}
      data-testid="label-print"
      data-size={size.id}
      style={{ "--label-preview-zoom": zoom } as React.CSSProperties}
    >
      <style>{`@media print { ${pageRule(size)} }`}</style>
      {pages.map((page, p) => (
        <section
          // pages are positions, not records: their index is their identity
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={p}
          className={classes.page}
          data-kind={size.kind}
          data-testid="label-page"
          style={{ width: `${size.pageWidth}in`, height: `${size.pageHeight}in` }}
        >
          {slots.map((s) => (
            <div
              key={s.cell}
              className={classes.slot}
              style={{
                left: `${s.x}in`,
                top: `${s.y}in`,
                width: `${size.labelWidth}in`,
                height: `${size.labelHeight}in`,
              }}
            />
          ))}
          {page.labels.map((placed) => {
            const label = labels[placed.label] as LabelData;
            return (
              <LabelView
                key={label.key}
                label={label}
                plan={label.code ? (plans.get(label.code) ?? null) : null}
                at={{ size, x: placed.x, y: placed.y, dpi }}
              />
            );
          })}
        </section>
      ))}
    </div>
  );
});
