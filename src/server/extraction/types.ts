import type { PageLineItem, StatementLayout, Word, WordPage } from "../../domain/line-items";
import type { FileKind } from "../modules/files/sniff";

export interface ExtractionTask {
  path: string;
  kind: FileKind;
  maxPages: number;
}

export interface ExtractedPage {
  number: number;
  text: string;
  /** Where the text came from: the PDF's text layer, OCR, or spreadsheet cells. */
  source: "text" | "ocr" | "sheet";
  /** For spreadsheets: the sheet's name. */
  name?: string;
  /** The page's words with their positions (PDF text layer or OCR), for the column model. */
  words?: WordPage;
  /** OCR: the words where they are on the page image (before straightening), for re-reading crops. */
  imageWords?: Word[];
}

export type ExtractionOutcome =
  | { ok: true; pages: ExtractedPage[]; lineItems: PageLineItem[]; layout: StatementLayout; notes: string[] }
  /** A problem with the document itself, in words its owner can act on; retrying will not help. */
  | { ok: false; reason: string };

/** A document problem (as opposed to a bug or a crash): becomes the file's failure reason. */
export class DocumentProblem extends Error {}

/** Render one page of a stored PDF or image for the file preview (1-based `page`). */
export interface PageImageTask {
  op: "page-image";
  path: string;
  kind: FileKind;
  page: number;
  /** Target width in pixels (the image is never enlarged beyond the source for images). */
  width: number;
}

export type PageImageOutcome =
  | {
      ok: true;
      image: Uint8Array;
      contentType: "image/webp";
      width: number;
      height: number;
      pageCount: number;
    }
  /** `out-of-range`: the page does not exist; `unreadable`: the file cannot be rendered (reason in words). */
  | { ok: false; problem: "out-of-range"; pageCount: number }
  | { ok: false; problem: "unreadable"; reason: string };

/** What an extraction thread is asked to do. */
export type ThreadTask = ExtractionTask | PageImageTask;
