/**
 * NYC Open Data (Socrata) client for the PLUTO dataset (64uk-42ks): the city's tax-lot
 * facts by BBL. The base URL is NYC_OPEN_DATA_URL so tests (and mirrors) can stand in.
 */

const PLUTO_DATASET = "64uk-42ks";
const LOOKUP_TIMEOUT_MS = 3_000;

/** What a PLUTO row tells us about a lot, in the property form's terms. */
interface PlutoLot {
  bbl: string;
  address: string | null;
  ownerName: string | null;
  borough: string | null;
  zipCode: string | null;
  taxClass: string | null;
  buildingClass: string | null;
  residentialUnits: number | null;
  commercialUnits: number | null;
  commercialSqFt: number | null;
  /** PLUTO's assesstot: the actual assessed total value (dollars). */
  aav: number | null;
  yearBuilt: number | null;
  isCondoUnit: boolean;
  vacantLand: boolean;
}

export class OpenDataUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("NYC Open Data is unreachable — enter the details by hand.");
    this.cause = cause;
  }
}

const text = (v: unknown): string | null => {
  if (typeof v !== "string" && typeof v !== "number") return null;
  const s = String(v).trim();
  return s === "" ? null : s;
};

const whole = (v: unknown): number | null => {
  const s = text(v);
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
};

/** PLUTO's bbl comes as "1011190036" or "1011190036.00000000". */
const tenDigits = (v: unknown): string | null => {
  const s = text(v);
  const m = s ? /^(\d{10})(?:\.0+)?$/.exec(s) : null;
  return m?.[1] ?? null;
};

function mapPlutoRow(row: Record<string, unknown>, bbl: string): PlutoLot {
  const buildingClass = text(row.bldgclass);
  const unitsRes = whole(row.unitsres);
  const unitsTotal = whole(row.unitstotal);
  const lot = whole(row.lot);
  return {
    bbl: tenDigits(row.bbl) ?? bbl,
    address: text(row.address),
    ownerName: text(row.ownername),
    borough: text(row.borough),
    zipCode: text(row.zipcode),
    taxClass: text(row.taxclass ?? row.tax_class),
    buildingClass,
    residentialUnits: unitsRes,
    commercialUnits: unitsTotal !== null && unitsRes !== null ? Math.max(0, unitsTotal - unitsRes) : null,
    commercialSqFt: whole(row.comarea),
    aav: whole(row.assesstot),
    yearBuilt: whole(row.yearbuilt) || null,
    // Condo unit lots are numbered 1001–6999 (the billing lot is 7501+).
    isCondoUnit: lot !== null && lot >= 1001 && lot <= 6999,
    vacantLand: (buildingClass ?? "").toUpperCase().startsWith("V"),
  };
}

export interface NycOpenDataClient {
  /** The lot, null when PLUTO has no row for it; throws OpenDataUnavailableError when unreachable. */
  lookupPluto(bbl: string): Promise<PlutoLot | null>;
}

export function createNycOpenDataClient(
  baseUrl: string,
  opts: { timeoutMs?: number; fetch?: typeof fetch } = {},
): NycOpenDataClient {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? LOOKUP_TIMEOUT_MS;
  return {
    async lookupPluto(bbl) {
      if (!/^\d{10}$/.test(bbl)) throw new Error("lookupPluto needs a 10-digit BBL");
      const url = new URL(`${baseUrl}/resource/${PLUTO_DATASET}.json`);
      url.searchParams.set("bbl", bbl);
      url.searchParams.set("$limit", "1");
      let rows: unknown;
      try {
        const res = await doFetch(url, {
          headers: { accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`PLUTO answered ${res.status}`);
        rows = await res.json();
      } catch (err) {
        throw new OpenDataUnavailableError(err);
      }
      if (!Array.isArray(rows)) throw new OpenDataUnavailableError(new Error("PLUTO answer is not a list"));
      const first = rows[0];
      if (!first || typeof first !== "object") return null;
      return mapPlutoRow(first as Record<string, unknown>, bbl);
    },
  };
}
