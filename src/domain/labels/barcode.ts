/**
 * CODE128 for labels: JsBarcode encodes the text (its "object" renderer hands back the bar
 * pattern without drawing anything), and the label draws the bars itself as SVG rectangles,
 * so React renders them like any other element and they scale exactly with the label.
 */
import JsBarcode from "jsbarcode";

/** Quiet zone each side, in modules (CODE128 asks for at least 10). */
export const QUIET_MODULES = 10;

export type Code128 =
  | {
      ok: true;
      text: string /** "1" = bar module, "0" = space module, quiet zones excluded. */;
      bits: string;
    }
  | { ok: false; text: string };

/** Encodes `text` as CODE128 (JsBarcode's automatic A/B/C switching, so digit runs are compact). */
export function encodeCode128(text: string): Code128 {
  if (text === "") return { ok: false, text };
  let valid = true;
  const target: { encodings?: { data: string }[] } = {};
  try {
    JsBarcode(target, text, {
      format: "CODE128",
      valid: (v: boolean) => {
        valid = v;
      },
    });
  } catch {
    return { ok: false, text };
  }
  const bits = (target.encodings ?? []).map((e) => e.data).join("");
  return valid && bits.length > 0 ? { ok: true, text, bits } : { ok: false, text };
}

/** Modules across the whole symbol, quiet zones included. */
export const totalModules = (bits: string) => bits.length + 2 * QUIET_MODULES;

/** The bars as [start, width] runs in modules (quiet zone offset included). */
export function barRuns(bits: string): [number, number][] {
  const runs: [number, number][] = [];
  let i = 0;
  while (i < bits.length) {
    if (bits[i] === "1") {
      let j = i;
      while (bits[j] === "1") j++;
      runs.push([QUIET_MODULES + i, j - i]);
      i = j;
    } else i++;
  }
  return runs;
}
