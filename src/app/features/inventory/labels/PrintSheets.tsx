/**
 * The printable labels: one element per printed page at its exact size in inches, each label
 * absolutely placed where the stock has it (label-layout.ts). The same DOM is the on-screen
 * preview (zoomed to fit) and what prints, through react-to-print or the browser's own Print.
 */
import { useLingui } from "@lingui/react/macro";
import { forwardRef, memo, useMemo } from "react";
import { CONDITION_LABELS } from "../field-labels";
import { barRuns, encodeCode128, totalModules } from "./barcode";
import type { LabelData } from "./label-data";
import { cellPosition, type LabelSize, labelsPerPage, layoutPages } from "./label-layout";
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

const Bars = memo(function Bars({ code, heightIn }: { code: string; heightIn: number }) {
  const { t } = useLingui();
  const encoded = useMemo(() => encodeCode128(code), [code]);
  if (!encoded.ok) {
    return (
      <div className={classes.noCode} style={{ height: `${heightIn}in` }} data-testid="label-no-barcode">
        {t`This code cannot be printed as a barcode`}
      </div>
    );
  }
  return (
    <svg
      className={classes.bars}
      style={{ height: `${heightIn}in` }}
      viewBox={`0 0 ${totalModules(encoded.bits)} 1`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      role="img"
      aria-label={t`Barcode ${code}`}
      data-code={code}
    >
      <path d={barsPath(encoded.bits)} fill="#000" />
    </svg>
  );
});

const LabelView = memo(function LabelView({
  label,
  size,
  x,
  y,
}: {
  label: LabelData;
  size: LabelSize;
  x: number;
  y: number;
}) {
  const { t, i18n } = useLingui();
  return (
    <div
      className={classes.label}
      data-testid="label"
      data-code={label.code ?? ""}
      style={{
        left: `${x}in`,
        top: `${y}in`,
        width: `${size.labelWidth}in`,
        height: `${size.labelHeight}in`,
        padding: `${size.padding}in ${size.padding + (size.kind === "sheet" ? 0.04 : 0)}in`,
      }}
    >
      <div
        className={classes.title}
        style={{ fontSize: `${size.titlePt}pt`, WebkitLineClamp: size.titleLines }}
      >
        {label.title}
      </div>
      {label.code ? (
        <div>
          <Bars code={label.code} heightIn={size.barcodeHeight} />
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
}

/** Every printed page of the labels. */
export const PrintSheets = forwardRef<HTMLDivElement, PrintSheetsProps>(function PrintSheets(
  { labels, size, start, zoom = 1 },
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
            return <LabelView key={label.key} label={label} size={size} x={placed.x} y={placed.y} />;
          })}
        </section>
      ))}
    </div>
  );
});
