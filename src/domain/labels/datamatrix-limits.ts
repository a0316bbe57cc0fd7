/**
 * What the label plans need to know about Data Matrix without its encoder: the encoder
 * (datamatrix.ts, bwip-js, ~55 KB gzipped) is loaded only when a label needs it, so the
 * plans take it as an argument (`DataMatrixEncoder`) and these facts stay in the page's chunk.
 */

/** Quiet zone around a Data Matrix, in modules (ISO/IEC 16022 asks for 1; 2 spares a thermal edge). */
export const DATAMATRIX_QUIET_MODULES = 2;

/**
 * Whether a Data Matrix can carry `text` so it reads back exactly as stored: plain printable
 * ASCII (Data Matrix's default character set is Latin-1).
 */
export const dataMatrixCanCarry = (text: string): boolean => /^[\x20-\x7e]+$/.test(text);

/** The dark modules of `text` as a square Data Matrix, row by row, or null (see datamatrix.ts). */
export type DataMatrixEncoder = (text: string) => boolean[][] | null;
