/**
 * The scanner's session list (scan/scan-session.ts, kept in sessionStorage under
 * `blocklot:scan:session:{companyId}` by the Scan Inventory page) read as the items to label:
 * newest first, each item once, scans that were undone left out.
 */
import { parseStored } from "../scan/scan-session";

const scanSessionKey = (companyId: string) => `blocklot:scan:session:${companyId}`;

export function recentScanItemIds(raw: string | null): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of parseStored(raw)) {
    if (e.undone || seen.has(e.itemId)) continue;
    seen.add(e.itemId);
    out.push(e.itemId);
  }
  return out;
}

/** The scanned items of this tab's session (empty when none, or storage is refused). */
export function readRecentScans(companyId: string): string[] {
  try {
    return recentScanItemIds(window.sessionStorage.getItem(scanSessionKey(companyId)));
  } catch {
    return [];
  }
}
