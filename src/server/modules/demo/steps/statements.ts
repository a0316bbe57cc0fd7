import { currentFilingYear } from "../../../../domain/rpie";
import type { DemoRun, DemoStep } from "../demo-run";
import { DemoStepError } from "../demo-run";
import { type DemoStatement, scannedStatementPdf, statementPdf } from "../drawings/statement";
import { DEMO_PROPERTY_KEYS, type DemoPropertyKey, propertyOf } from "./properties";

/** The statement year the demo works on: the year the current filing year reports. */
const statementYearOf = (run: DemoRun) => currentFilingYear(run.today) - 1;

/**
 * Each property's operating statement. Manhattan's is the one staff map in full and file, so its
 * lines are ones the RPIE form takes without a reconciliation flag (filings.ts maps them).
 */
const CONTENT: Record<DemoPropertyKey, Pick<DemoStatement, "income" | "expenses">> = {
  manhattan: {
    income: [
      { label: "Residential rent", amount: 512_400 },
      { label: "Commercial rent", amount: 318_000 },
    ],
    expenses: [
      { label: "Repairs and maintenance", amount: 64_250 },
      { label: "Insurance", amount: 38_900 },
      { label: "Fuel", amount: 41_300 },
    ],
  },
  brooklyn: {
    income: [
      { label: "Residential rent", amount: 486_720 },
      { label: "Laundry income", amount: 6_150 },
      { label: "Late fees", amount: 2_340 },
    ],
    expenses: [
      { label: "Insurance", amount: 27_800 },
      { label: "Fuel oil", amount: 36_420 },
      { label: "Electricity", amount: 11_960 },
      { label: "Water and sewer", amount: 22_310 },
      { label: "Repairs and maintenance", amount: 48_700 },
      { label: "Payroll", amount: 61_500 },
      { label: "Management fees", amount: 24_330 },
    ],
  },
  queens: {
    income: [
      { label: "Retail rent", amount: 402_000 },
      { label: "Other income", amount: 4_800 },
    ],
    expenses: [
      { label: "Insurance", amount: 19_600 },
      { label: "Electricity", amount: 8_240 },
      { label: "Repairs and maintenance", amount: 21_150 },
      { label: "Management fees", amount: 16_080 },
    ],
  },
  bronx: {
    income: [
      { label: "Residential rent", amount: 903_600 },
      { label: "Commercial rent", amount: 54_000 },
      { label: "Laundry income", amount: 9_870 },
    ],
    expenses: [
      { label: "Insurance", amount: 58_400 },
      { label: "Fuel oil", amount: 88_950 },
      { label: "Electricity", amount: 31_200 },
      { label: "Water and sewer", amount: 47_800 },
      { label: "Repairs and maintenance", amount: 96_300 },
      { label: "Payroll", amount: 142_000 },
      { label: "Elevator maintenance", amount: 18_600 },
    ],
  },
  statenIsland: {
    income: [{ label: "Residential rent", amount: 151_200 }],
    expenses: [
      { label: "Insurance", amount: 9_800 },
      { label: "Water and sewer", amount: 7_450 },
      { label: "Repairs and maintenance", amount: 12_900 },
    ],
  },
};

/** Brooklyn's statement arrives as a scan: extraction reads it with OCR. */
const SCANNED: ReadonlySet<DemoPropertyKey> = new Set(["brooklyn"]);

export interface MadeStatement {
  fileId: string;
  fileName: string;
}

export const statementOf = (run: DemoRun, key: DemoPropertyKey) =>
  run.take<MadeStatement>(`statement:${key}`);

const EXTRACTION_TIMEOUT_MS = 120_000;

/** Waits until extraction of the file is done (the job runner of this or another process does it). */
export async function waitForExtraction(run: DemoRun, fileId: string) {
  const end = Date.now() + EXTRACTION_TIMEOUT_MS;
  for (;;) {
    const file = await run.call<{ status: string; failureReason: string | null; fileName: string }>(
      "companyAdmin",
      "GET",
      `/api/file/${fileId}`,
    );
    if (file.status === "extracted") return;
    if (file.status === "failed") {
      throw new DemoStepError(
        `Extraction of ${file.fileName} failed: ${file.failureReason ?? "no reason given"}`,
      );
    }
    if (Date.now() > end) {
      throw new DemoStepError(
        `Extraction of ${file.fileName} did not finish within ${EXTRACTION_TIMEOUT_MS / 1000} s (is a job runner running? JOBS_IN_PROCESS)`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const statementsStep: DemoStep = {
  name: "statements",
  describe: "an operating statement for each property, drawn as a PDF (one a scan), uploaded for extraction",
  async run(run) {
    const year = statementYearOf(run);
    for (const key of DEMO_PROPERTY_KEYS) {
      const property = propertyOf(run, key);
      const statement: DemoStatement = {
        owner: property.ownerName,
        address: property.address,
        year,
        ...CONTENT[key],
      };
      const scanned = SCANNED.has(key);
      const data = scanned ? await scannedStatementPdf(statement) : await statementPdf(statement);
      const street = property.address.split(",")[0] ?? property.address;
      const fileName = `${year} operating statement - ${street}${scanned ? " (scan)" : ""}.pdf`;
      const file = await run.upload<{ id: string }>(
        "companyAdmin",
        "/api/file/upload",
        { bblId: property.id, documentType: "operating_statement", statementYear: String(year) },
        { name: fileName, type: "application/pdf", data },
      );
      run.shared.set(`statement:${key}`, { fileId: file.id, fileName } satisfies MadeStatement);
    }
    // Extraction runs on its threads meanwhile: later steps go on, and the filings step waits for it.
  },
};
