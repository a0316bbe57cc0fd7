import type { DemoRun, DemoStep } from "../demo-run";

/** The five demo properties, one per borough; the statements and filings steps refer to them by key. */
export const DEMO_PROPERTY_KEYS = ["manhattan", "brooklyn", "queens", "bronx", "statenIsland"] as const;
export type DemoPropertyKey = (typeof DEMO_PROPERTY_KEYS)[number];

/** What later steps need of a property the API created. */
export interface MadeProperty {
  id: string;
  bbl: string;
  address: string;
  ownerName: string;
}

const OWNER = "Demo Realty LLC";

/**
 * POST /api/bbl bodies. Chosen so the properties page shows every obligation: Manhattan is over
 * $750,000 AAV (long form with the rent-roll addendum, the largest penalty at risk), Staten Island
 * is excluded (8 residential units: a Claim of Exclusion), the others file the long or short form.
 */
const PROPERTIES: Record<DemoPropertyKey, Record<string, unknown> & { bbl: string; address: string }> = {
  manhattan: {
    bbl: "1-00845-0021",
    address: "118 West 27th Street, New York, NY 10001",
    taxClass: "4",
    buildingClass: "K4",
    residentialUnits: 12,
    commercialUnits: 3,
    commercialSqFt: 8_200,
    aav: 1_240_000,
    finalAav: 1_240_000,
    notes: "Demo property: mixed use, over $750,000 AAV (rent-roll addendum). Filed this year.",
  },
  brooklyn: {
    bbl: "3-01172-0058",
    address: "254 Prospect Place, Brooklyn, NY 11238",
    taxClass: "2",
    buildingClass: "C1",
    residentialUnits: 24,
    commercialUnits: 0,
    aav: 310_000,
    finalAav: 318_000,
    notes: "Demo property: walk-up apartments. The statement is a scan; staff are mapping it.",
  },
  queens: {
    bbl: "4-00512-0017",
    address: "37-18 Main Street, Flushing, NY 11354",
    taxClass: "4",
    buildingClass: "K1",
    residentialUnits: 0,
    commercialUnits: 6,
    commercialSqFt: 9_400,
    aav: 185_000,
    finalAav: 185_000,
    notes: "Demo property: one-story retail (short form). Quote sent; a penalty removal is under way.",
  },
  bronx: {
    bbl: "2-02870-0033",
    address: "1550 Grand Concourse, Bronx, NY 10457",
    taxClass: "2",
    buildingClass: "D1",
    residentialUnits: 48,
    commercialUnits: 2,
    commercialSqFt: 1_800,
    aav: 96_000,
    finalAav: 96_000,
    notes: "Demo property: elevator apartments. Invoice paid.",
  },
  statenIsland: {
    bbl: "5-00065-0112",
    address: "85 Bay Street, Staten Island, NY 10301",
    taxClass: "2B",
    buildingClass: "C0",
    residentialUnits: 8,
    commercialUnits: 0,
    aav: 62_000,
    finalAav: 62_000,
    notes: "Demo property: 8 apartments, excluded (Claim of Exclusion). Last year's claim is overdue.",
  },
};

export const propertyOf = (run: DemoRun, key: DemoPropertyKey) => run.take<MadeProperty>(`property:${key}`);

export const propertiesStep: DemoStep = {
  name: "properties",
  describe:
    "five properties across the boroughs with their RPIE obligations, deadlines and penalties at risk",
  async run(run) {
    for (const key of DEMO_PROPERTY_KEYS) {
      const body = { ...PROPERTIES[key], ownerName: OWNER };
      const made = await run.call<{ id: string; bbl: string }>("companyAdmin", "POST", "/api/bbl", body);
      run.shared.set(`property:${key}`, {
        id: made.id,
        bbl: made.bbl,
        address: PROPERTIES[key].address,
        ownerName: OWNER,
      } satisfies MadeProperty);
    }
  },
};
