import { columnMeaning } from "./columns";
import {
  type Anchor,
  headerLike,
  inkOnly,
  isSpeck,
  type LineCells,
  layoutPage,
  type PageLayout,
  type PageLine,
} from "./page";
import { buildTotals, type StructureEvent } from "./structure";
import type { PageLineItem, SkippedColumn, StatementColumn, StatementLayout, WordPage } from "./types";
import {
  endsNotes,
  groupKey,
  isFurniture,
  isNotesHeading,
  isPeriodTitle,
  isStatistics,
  sectionHeading,
  sectionSign,
  totalKind,
  totalSubject,
} from "./vocabulary";

/**
 * A statement's line items from its pages of positioned words (PDF text layer, OCR word
 * boxes, spreadsheet cells): columns read from the headers and assigned by position,
 * page furniture and notes left out, wrapped labels joined, account numbers kept apart,
 * sections and totals recognised, and each total's parts found for the arithmetic check.
 */

export interface ParsedStatement {
  items: PageLineItem[];
  layout: StatementLayout;
  /** For each item, per money column, the source words (page, word indexes) of its amount. */
  trace: ItemTrace[];
}

interface ItemTrace {
  page: number;
  cells: ({ words: number[]; conf: number } | null)[];
}

/** Normal form used to spot a line repeated on several pages (digits may differ: page numbers). */
function normaliseLine(line: string): string {
  return line.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
}

const CONNECTOR_END =
  /(?:\b(?:and|&|of|for|to|the|in|on|at|with|from|by|or|less|under|over|per)|[,/(\-–&:])$/i;

/** An account number before the name: "4110-0000 Rent", "6100 · Repairs", "4000 - Rent Income". */
function splitAccount(label: string, plainNumbers: boolean): { account?: string; label: string } {
  const dashed = /^(\d{3,6}[-.]\d{2,6})\s+(\S.*)$/.exec(label);
  if (dashed && /[A-Za-z]/.test(dashed[2] as string))
    return { account: dashed[1], label: dashed[2] as string };
  const sep = /^(\d{3,6}(?:[-.]\d{1,6})?)\s*(?:[·•:]\s*|[-–]\s+)(\S.*)$/.exec(label);
  if (sep && /[A-Za-z]/.test(sep[2] as string)) return { account: sep[1], label: sep[2] as string };
  if (plainNumbers) {
    const plain = /^(\d{3,6})\s+(\S.*)$/.exec(label);
    if (plain && /^[A-Za-z]/.test(plain[2] as string))
      return { account: plain[1], label: plain[2] as string };
  }
  return { label };
}

/** Lines repeated at the top or bottom of most pages (titles, company names, footers). */
function repeatedEdgeLines(layouts: readonly PageLayout[]): Set<string> {
  const skip = new Set<string>();
  if (layouts.length < 2) return skip;
  const counts = new Map<string, number>();
  for (const l of layouts) {
    // On scans, the lines without the words OCR read from dust: a speck beside the title on one
    // page ("Income Statement Lo") must not keep it from being the title every page repeats.
    const ocr = l.page.source === "ocr";
    const texts = l.lines.map((x) => (ocr ? inkOnly(x, true) : x).text.trim()).filter(Boolean);
    const edge = new Set([...texts.slice(0, 3), ...texts.slice(-3)].map(normaliseLine));
    for (const t of edge) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const needed = Math.max(2, Math.ceil(layouts.length / 2));
  for (const [line, n] of counts) if (n >= needed && !sectionHeading(line)) skip.add(line);
  return skip;
}

const money = (a: Anchor) => !a.percent;

interface DocColumn {
  col: StatementColumn;
  /** Normalised header, to recognise the same column on later pages. */
  key: string;
}

/** Parses a document's pages into line items and its column layout. */
export function parseStatement(pages: readonly WordPage[]): ParsedStatement {
  // First pass without furniture knowledge to find the lines repeated on every page.
  const rough = pages.map((p) => layoutPage(p));
  const repeated = repeatedEdgeLines(rough);
  const skipInk = (l: PageLine) => {
    const t = l.text.trim();
    if (isFurniture(t)) return true;
    if (repeated.has(normaliseLine(t))) return true;
    if (isPeriodTitle(t) && !l.tokens.some((x) => x.kind === "money" && !/^(19|20)\d\d$/.test(x.text)))
      return !headerLike(l) || /\b(?:ended|ending|for the)\b/i.test(t);
    return false;
  };
  // On scans, also the line without the words OCR read from dust ("Se PERIOD: DEC 2024").
  const skipOn = (ocr: boolean) => (l: PageLine) => skipInk(l) || (ocr && skipInk(inkOnly(l, true)));
  const layouts = pages.map((p) => layoutPage(p, { skip: skipOn(p.source === "ocr") }));

  // Columns of the document: the same header on later pages is the same column; a page
  // without headers continues the previous page's columns by position.
  const columns: DocColumn[] = [];
  const skipped: SkippedColumn[] = [];
  const pageCols: (number | null)[][] = [];
  let previous: { anchors: Anchor[]; map: (number | null)[] } | null = null;
  for (const layout of layouts) {
    const map = columnMap(layout, columns, skipped, previous);
    pageCols.push(map);
    if (layout.anchors.length) previous = { anchors: layout.anchors, map };
  }

  // Lines in reading order → items, headings and texts.
  const items: PageLineItem[] = [];
  const trace: ItemTrace[] = [];
  const events: StructureEvent[] = [];
  const totalSubjects = new Set<string>();
  for (const layout of layouts)
    for (const row of layout.rows) {
      if (totalKind(row.label) === "sum") totalSubjects.add(totalSubject(row.label));
    }
  let section: string | null = null;
  /** The top-level section still waiting for its total: a heading of the same kind inside it is a sub-group. */
  let open: { key: string; sign: number } | null = null;
  const groups: string[] = [];
  let notes = false;
  let pending: { row: LineCells; layout: PageLayout; text: string } | null = null;
  let lastItem: { row: LineCells; layout: PageLayout; index: number } | null = null;
  const plainAccounts = layouts.map((l) => plainAccountNumbers(l));

  const flushPending = () => {
    if (!pending) return;
    const text = pending.text;
    if (looksLikeGroupHeading(text)) {
      events.push({ kind: "group", name: text });
      groups.push(groupKey(text));
    }
    pending = null;
  };

  layouts.forEach((layout, pi) => {
    const map = pageCols[pi] as (number | null)[];
    const pageNo = layout.page.number;
    for (const row of layout.rows) {
      const line = row.line;
      const text = line.text.trim();
      if (!text) continue;
      if (notes) {
        if (endsNotes(row.label || text)) notes = false;
        else continue;
      }
      const ocr = layout.page.source === "ocr";
      // On scans, "* NOTES TO FINANCIAL STATEMENTS" is the notes heading without its speck.
      if (isNotesHeading(row.label || text) || (ocr && isNotesHeading(inkOnly(line, true).text))) {
        notes = true;
        flushPending();
        lastItem = null;
        continue;
      }
      if (layout.headerLines.has(line.index) || skipOn(layout.page.source === "ocr")(line)) {
        flushPending();
        continue;
      }
      const amounts = docAmounts(row, map, columns.length);
      const has = amounts.values.some((v) => v !== null);
      const onlyDashes = [...row.cells.values()].every((t) => t.kind === "dash");
      // A sentence whose only "figure" is a dash (a hyphen at the end of a prose line) is prose.
      if (!has || (onlyDashes && (!row.label || row.label.split(/\s+/).length >= 8))) {
        // A line without figures: a heading, a label continued below or above, or prose.
        if (!row.label) continue;
        // On scans, a line of specks alone ("J" read at confidence 15) is dust.
        if (ocr && (isSpeck(row.label) || inkOnly(line, true).tokens.length === 0)) continue;
        if (lastItem && continuesBelow(lastItem, row, layout)) {
          const item = items[lastItem.index] as PageLineItem;
          item.label = `${item.label} ${row.label}`.trim();
          continue;
        }
        flushPending();
        const heading = sectionHeading(row.label);
        if (heading && !totalKind(row.label)) {
          const sign = sectionSign(heading);
          if (open && open.sign !== 0 && sign === open.sign && groupKey(heading) !== open.key) {
            events.push({ kind: "group", name: heading });
            groups.push(groupKey(heading));
          } else {
            section = heading;
            open = { key: groupKey(heading), sign };
            groups.length = 0;
            events.push({ kind: "section", name: heading });
          }
          lastItem = null;
          continue;
        }
        pending = { row, layout, text: row.label };
        lastItem = null;
        continue;
      }
      // A line with figures.
      let label = row.label;
      if (pending) {
        const p = pending as { row: LineCells; layout: PageLayout; text: string };
        if (p.layout === layout && joinsBelow(p, row, layout, totalSubjects)) {
          label = `${p.text} ${label}`.trim();
          pending = null;
        } else flushPending();
      }
      if (!label || isStatistics(label)) continue;
      const acct = splitAccount(label, plainAccounts[pi] as boolean);
      const item: PageLineItem = {
        page: pageNo,
        section,
        label: acct.label,
        ...(acct.account ? { account: acct.account } : {}),
        amounts: amounts.values,
        isTotal: false,
      };
      if (line.box) item.box = line.box;
      if (layout.page.source === "ocr") {
        item.confidence = Math.round(line.conf);
        const reread = amounts.sources.filter((c) =>
          c?.words.some((w) => layout.page.words[w]?.reread),
        ).length;
        if (reread) item.reread = reread;
      }
      const tk = totalKind(acct.label);
      if (tk === "net") {
        open = null;
        groups.length = 0;
      } else if (tk === "sum") {
        // Which level the total closes: a sub-group it names, else the section.
        const subject = totalSubject(acct.label);
        const like = (k: string) => !!subject && !!k && (k.includes(subject) || subject.includes(k));
        let at = groups.lastIndexOf(subject);
        if (at === -1)
          for (let k = groups.length - 1; k >= 0 && at === -1; k--) if (like(groups[k] as string)) at = k;
        const o = open as { key: string } | null;
        if (at >= 0) groups.length = at;
        else if (o && (subject === o.key || like(o.key))) {
          open = null;
          groups.length = 0;
        } else if (groups.length) groups.pop();
        else open = null;
      }
      items.push(item);
      trace.push({ page: pageNo, cells: amounts.sources });
      events.push({ kind: "item", index: items.length - 1 });
      lastItem = { row, layout, index: items.length - 1 };
    }
    flushPending();
    lastItem = null;
  });

  buildTotals(items, events);
  const cols = columns.map((c) => c.col);
  return {
    items,
    layout: { columns: cols, skippedColumns: skipped, year: statementYear(layouts, cols) },
    trace,
  };
}

/** Amounts of a line by document column; blank cells stay null. */
function docAmounts(row: LineCells, map: (number | null)[], width: number) {
  const values: (number | null)[] = Array.from({ length: width }, () => null);
  const sources: ({ words: number[]; conf: number } | null)[] = Array.from({ length: width }, () => null);
  for (const [anchor, tok] of row.cells) {
    const col = map[anchor];
    if (col === null || col === undefined) continue;
    if (tok.kind === "garbled") {
      // Unreadable figure: the cell is there but its value is unknown (re-read, or staff correct it).
      sources[col] = { words: tok.words, conf: 0 };
      continue;
    }
    values[col] = tok.value;
    sources[col] = { words: tok.words, conf: tok.conf };
  }
  return { values, sources };
}

/** Whether the page's labels start with plain account numbers ("40100 Rent"): most of its figure lines do. */
function plainAccountNumbers(layout: PageLayout): boolean {
  const labelled = layout.rows.filter((r) => r.cells.size > 0 && r.label);
  const numbered = labelled.filter((r) => /^\d{3,6}\s+[A-Za-z]/.test(r.label));
  return labelled.length > 0 && numbered.length * 2 >= labelled.length;
}

/**
 * Whether line `b` comes right after line `a`: next to it, or with only lines of dust between
 * (on a scan, a speck beside a wrapped label is read as a line of its own: words read with
 * almost no confidence, or a speck alone, such as a "©", however sure OCR was of it).
 */
function nextLine(layout: PageLayout, a: number, b: number): boolean {
  if (b === a + 1) return true;
  if (b <= a || layout.page.source !== "ocr") return false;
  for (let i = a + 1; i < b; i++) {
    const l = layout.lines[i];
    if (!l) return false;
    const ink = inkOnly(l, true);
    if (ink.tokens.length > 0 && !isSpeck(ink.text.trim())) return false;
  }
  return true;
}

/** A line of text above a line of figures is the start of its label when it reads as one. */
function joinsBelow(
  p: { row: LineCells; layout: PageLayout; text: string },
  row: LineCells,
  layout: PageLayout,
  totalSubjects: Set<string>,
): boolean {
  const above = p.row.line;
  const below = row.line;
  if (!nextLine(layout, above.index, below.index)) return false;
  const pitch = (below.y0 + below.y1) / 2 - (above.y0 + above.y1) / 2;
  if (pitch > layout.pitch * 1.6) return false;
  if (sectionHeading(p.text) || totalKind(p.text) === "sum") return false;
  if (!row.label) return true;
  const label = row.label.replace(/^\d{3,6}(?:[-.]\d+)?\s*[·•:\-–]?\s*/, "");
  if (/^[a-z(]/.test(label)) return true;
  if (CONNECTOR_END.test(p.text)) return true;
  if (totalSubjects.has(groupKey(p.text))) return false;
  // Lines of one wrapped cell sit closer together than rows do.
  if (pitch < layout.pitch * 0.85) return true;
  // A wrapped name at the row pitch ("Landscaping and Snow" over "Removal  6,750.00"): a group
  // heading is closed by a total naming it and its lines are indented or in capitals; a label
  // in mixed case with no total of its own, whose next line starts at the same place, is wrapped.
  return (
    layout.page.source !== "ocr" &&
    /[a-z]/.test(p.text) &&
    // Only a line that stays in the label column (a header row reaches over the figures).
    Math.max(...above.tokens.map((t) => t.x1)) < Math.min(...layout.anchors.map((a) => a.left)) &&
    !/^\d/.test(p.text) &&
    Math.abs(row.labelX0 - p.row.labelX0) <= layout.tol
  );
}

/** A line of text right under an item continues its label (amounts printed on the label's first line). */
function continuesBelow(
  last: { row: LineCells; layout: PageLayout; index: number },
  row: LineCells,
  layout: PageLayout,
): boolean {
  if (last.layout !== layout || !nextLine(layout, last.row.line.index, row.line.index)) return false;
  if (sectionHeading(row.label) || totalKind(row.label)) return false;
  const pitch = (row.line.y0 + row.line.y1) / 2 - (last.row.line.y0 + last.row.line.y1) / 2;
  if (pitch > layout.pitch * 1.6) return false;
  if (/^[a-z(]/.test(row.label)) return true;
  if (CONNECTOR_END.test(last.row.label)) return true;
  return pitch < layout.pitch * 0.85 && row.labelX0 >= last.row.labelX0 - layout.tol;
}

/** A short label line that heads the items under it ("REPAIRS & MAINTENANCE", "4000 · Rental Income"). */
function looksLikeGroupHeading(text: string): boolean {
  const words = text.split(/\s+/);
  if (words.length > 8 || text.length > 70) return false;
  if (/[.!?]\s*$/.test(text) && !/\b(?:inc|co|corp|ltd|llc)\.$/i.test(text)) return false;
  if (isFurniture(text) || isPeriodTitle(text)) return false;
  return /[A-Za-z]/.test(text);
}

/** Maps a page's columns to the document's (creating them), percent columns to the skipped list. */
function columnMap(
  layout: PageLayout,
  columns: DocColumn[],
  skipped: SkippedColumn[],
  previous: { anchors: Anchor[]; map: (number | null)[] } | null,
): (number | null)[] {
  const anchors = layout.anchors;
  const map: (number | null)[] = anchors.map(() => null);
  const headed = anchors.some((a) => a.header.length > 0);
  const labelOf = (a: Anchor) => a.header.join(" ").replace(/\s+/g, " ").trim();
  for (const a of anchors)
    if (a.percent) {
      const label = labelOf(a) || "%";
      if (!skipped.some((s) => s.label === label)) skipped.push({ label, kind: "percent" });
    }
  if (headed) {
    const seen = new Map<string, number>();
    anchors.forEach((a, i) => {
      if (!money(a)) return;
      const label = labelOf(a);
      if (!label) {
        // A handful of figures under no header next to headed columns: stray marks.
        if (a.count <= 2) return;
      }
      const base = label ? label.toLowerCase() : `#${i}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const key = n > 1 ? `${base}#${n}` : base;
      let idx = columns.findIndex((c) => c.key === key);
      if (idx === -1) {
        columns.push({
          key,
          col: columnMeaning(`c${columns.length}`, label || `Column ${columns.length + 1}`),
        });
        idx = columns.length - 1;
      }
      map[i] = idx;
    });
    return map;
  }
  // No header on this page: continue the previous page's columns by position, else number them.
  const free = new Set<number>();
  anchors.forEach((a, i) => {
    if (!money(a)) return;
    if (previous && Number.isFinite(a.x)) {
      let best = -1;
      let bestD = Number.POSITIVE_INFINITY;
      previous.anchors.forEach((p, j) => {
        const d = Math.abs(p.x - a.x);
        if (d < bestD && previous.map[j] !== null && previous.map[j] !== undefined) {
          bestD = d;
          best = j;
        }
      });
      if (best >= 0 && bestD <= 2.5 * layout.tol) {
        map[i] = previous.map[best] as number;
        return;
      }
    }
    free.add(i);
  });
  // Unmatched columns: by order from the right among the document's columns not used on this page.
  // Unmatched columns: paired from the right with the document's columns not used on this
  // page (figures are right-aligned); any left over are new columns, left to right.
  const used = new Set(map.filter((x): x is number => x !== null));
  const spare = columns.map((_, i) => i).filter((i) => !used.has(i));
  const freeList = [...free].sort((x, y) => x - y);
  while (freeList.length && spare.length) map[freeList.pop() as number] = spare.pop() as number;
  for (const i of freeList) {
    columns.push({
      key: `#${columns.length}`,
      col: columnMeaning(`c${columns.length}`, `Column ${columns.length + 1}`),
    });
    map[i] = columns.length - 1;
  }
  return map;
}

/** The year the statement reports: the latest year in its period title, else in its column headers. */
function statementYear(layouts: PageLayout[], columns: StatementColumn[]): number | null {
  const years: number[] = [];
  for (const layout of layouts.slice(0, 3))
    for (const line of layout.lines.slice(0, 12)) {
      const t = line.text;
      if (/\b(?:run|printed|exported|created|generated|prepared|report date)\b/i.test(t)) continue;
      if (
        !/\b(?:ended|ending|end|period|range|year|through|thru|to|fiscal|january|jan|december|dec|-)\b/i.test(
          t,
        )
      )
        continue;
      for (const m of t.matchAll(/\b(?:19|20)\d{2}\b/g)) years.push(Number(m[0]));
      for (const m of t.matchAll(/\b\d{1,2}\/\d{1,2}\/(\d{2,4})\b/g)) {
        const y = Number(m[1]);
        years.push(y < 100 ? 2000 + y : y);
      }
    }
  if (years.length) return Math.max(...years);
  const fromColumns = columns.map((c) => c.year).filter((y): y is number => y !== null);
  return fromColumns.length ? Math.max(...fromColumns) : null;
}
