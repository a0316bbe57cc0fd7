import { currentFilingYear, rpiePenalty } from "../../../../domain/rpie";
import type { DemoRun, DemoStep } from "../demo-run";
import { DemoStepError } from "../demo-run";
import { penaltyNoticePdf } from "../drawings/statement";
import { DEMO_PROPERTY_KEYS, type DemoPropertyKey, propertyOf } from "./properties";
import { statementOf, waitForExtraction } from "./statements";

interface Filing {
  id: string;
  state: string;
  version: number;
  quote: { id: string } | null;
  invoice: { id: string } | null;
}

type QuoteItem = { kind: string; quantity: number; unitCents: number; description?: string };

const BASE: QuoteItem = { kind: "base_filing", quantity: 1, unitCents: 45_000 };

/** What staff charge each property (integer cents, like every amount). */
const QUOTES: Partial<Record<DemoPropertyKey, QuoteItem[]>> = {
  manhattan: [BASE, { kind: "rent_roll", quantity: 1, unitCents: 25_000 }],
  brooklyn: [
    BASE,
    { kind: "extra_statement", quantity: 1, unitCents: 7_500, description: "Scanned statement" },
  ],
  queens: [{ ...BASE, unitCents: 35_000 }],
  bronx: [BASE, { kind: "rush", quantity: 1, unitCents: 15_000 }],
};

/** The filing's moves, owner and staff, through the pipeline's own routes. */
class Walk {
  constructor(
    private readonly run: DemoRun,
    public filing: Filing,
  ) {}

  private async staff(to: string, message?: string) {
    this.filing = await this.run.call<Filing>(
      "superAdmin",
      "POST",
      `/api/admin/filings/${this.filing.id}/transition`,
      {
        to,
        version: this.filing.version,
        ...(message ? { message } : {}),
      },
    );
  }

  async documentsSent() {
    this.filing = await this.run.call<Filing>(
      "companyAdmin",
      "POST",
      `/api/filings/${this.filing.id}/documents-sent`,
      {
        version: this.filing.version,
      },
    );
  }

  async review() {
    await this.staff("in_review");
  }

  async quote(items: QuoteItem[]) {
    this.filing = await this.run.call<Filing>(
      "superAdmin",
      "POST",
      `/api/admin/filings/${this.filing.id}/quote`,
      {
        items,
        note: "Fixed price for preparing and filing this year's statement.",
      },
    );
  }

  async acceptAndPay(reference: string) {
    const quoteId = this.filing.quote?.id;
    if (!quoteId) throw new DemoStepError("The filing has no quote to accept");
    const { invoice } = await this.run.call<{ invoice: { id: string } }>(
      "companyAdmin",
      "POST",
      `/api/quotes/${quoteId}/accept`,
    );
    this.filing = await this.run.call<Filing>(
      "superAdmin",
      "POST",
      `/api/admin/invoices/${invoice.id}/mark-received`,
      {
        method: "bank_transfer",
        reference,
        receivedOn: this.run.today,
      },
    );
  }

  async toMapping() {
    await this.staff("mapping");
  }

  async refresh() {
    this.filing = await this.run.call<Filing>("superAdmin", "GET", `/api/admin/filings/${this.filing.id}`);
  }
}

async function start(run: DemoRun, key: DemoPropertyKey, year: number) {
  const filing = await run.call<Filing>("companyAdmin", "POST", "/api/filings", {
    propertyId: propertyOf(run, key).id,
    year,
  });
  return new Walk(run, filing);
}

interface MappingView {
  record: { version: number; document: { assignments: Record<string, string> } & Record<string, unknown> };
  extraction: { lines: { id: string; originalLabel: string; isTotal?: boolean }[] };
}

/**
 * Staff open the statement's mapping (GET creates it) and assign lines by label: each entry is a
 * label the statement has (matched case-insensitively, so an OCR-read scan matches too) and the
 * RPIE field it goes on. Answers the saved version.
 */
async function mapLines(run: DemoRun, fileId: string, assign: Record<string, string>, needAll: boolean) {
  const view = await run.call<MappingView>("superAdmin", "GET", `/api/statement-mapping/${fileId}`);
  const document = structuredClone(view.record.document);
  const assignments: Record<string, string> = {};
  for (const [label, field] of Object.entries(assign)) {
    const line = view.extraction.lines.find(
      (l) => l.originalLabel.trim().toLowerCase() === label.toLowerCase(),
    );
    if (!line) {
      if (needAll) {
        throw new DemoStepError(
          `The extracted statement has no line "${label}" (found: ${view.extraction.lines.map((l) => l.originalLabel).join(", ")})`,
        );
      }
      continue;
    }
    assignments[line.id] = field;
  }
  document.assignments = assignments;
  const saved = await run.call<{ record: { version: number } }>(
    "superAdmin",
    "PUT",
    `/api/statement-mapping/${fileId}`,
    {
      version: view.record.version,
      document,
    },
  );
  return saved.record.version;
}

/** Every line of Manhattan's statement (statements.ts) and its RPIE field. */
const MANHATTAN_MAPPING = {
  "Residential rent": "rpie.J.1b",
  "Commercial rent": "rpie.J.3",
  "Repairs and maintenance": "rpie.L.5",
  Insurance: "rpie.L.7",
  Fuel: "rpie.L.1",
};

/** The part of Brooklyn's scan staff have mapped so far. */
const BROOKLYN_SO_FAR = {
  "Residential rent": "rpie.J.1b",
  Insurance: "rpie.L.7",
  "Fuel oil": "rpie.L.1",
};

/**
 * Filings at every stage, through the pipeline's routes (owner: the company admin; staff: the
 * demo super admin), for the current filing year unless said otherwise:
 * Manhattan filed with its outputs (the mapping made ready, then marked filed), Brooklyn in
 * mapping with its scan partly mapped, Queens quoted (quote sent) plus a penalty removal for last
 * year, the Bronx paid, Staten Island waiting for documents, and its claim of exclusion for last
 * year still waiting for documents past its deadline (overdue).
 */
export const filingsStep: DemoStep = {
  name: "filings",
  describe:
    "filings at every stage: waiting for documents (one overdue), quote sent, invoice paid, mapping in progress, filed with its outputs, a penalty removal",
  async run(run) {
    const year = currentFilingYear(run.today);
    // Staff map statements once they are extracted (the statements step uploaded them).
    for (const key of DEMO_PROPERTY_KEYS) await waitForExtraction(run, statementOf(run, key).fileId);

    const manhattan = await start(run, "manhattan", year);
    await manhattan.documentsSent();
    await manhattan.review();
    await manhattan.quote(QUOTES.manhattan ?? [BASE]);
    await manhattan.acceptAndPay("WIRE-DEMO-0001");
    await manhattan.toMapping();
    const manhattanFile = statementOf(run, "manhattan").fileId;
    const version = await mapLines(run, manhattanFile, MANHATTAN_MAPPING, true);
    await run.call("superAdmin", "POST", `/api/statement-mapping/${manhattanFile}/ready`, { version });
    await manhattan.refresh();
    if (manhattan.filing.state !== "ready_to_file") {
      throw new DemoStepError(`Manhattan's filing should be ready to file, it is ${manhattan.filing.state}`);
    }
    await run.call("superAdmin", "POST", `/api/admin/filings/${manhattan.filing.id}/filed`, {
      version: manhattan.filing.version,
      confirmationNumber: `RPIE-${year}-DEMO-00845`,
      filedOn: run.today,
    });

    const brooklyn = await start(run, "brooklyn", year);
    await brooklyn.documentsSent();
    await brooklyn.review();
    await brooklyn.quote(QUOTES.brooklyn ?? [BASE]);
    await brooklyn.acceptAndPay("CHECK-1187");
    await brooklyn.toMapping();
    await mapLines(run, statementOf(run, "brooklyn").fileId, BROOKLYN_SO_FAR, false);

    const queens = await start(run, "queens", year);
    await queens.documentsSent();
    await queens.review();
    await queens.quote(QUOTES.queens ?? [BASE]);

    const bronx = await start(run, "bronx", year);
    await bronx.documentsSent();
    await bronx.review();
    await bronx.quote(QUOTES.bronx ?? [BASE]);
    await bronx.acceptAndPay("WIRE-DEMO-0002");

    await start(run, "statenIsland", year);
    await start(run, "statenIsland", year - 1);

    // Queens was fined for last year's statement: the owner asks for the penalty to be removed.
    const queensProperty = propertyOf(run, "queens");
    const notice = await run.upload<{ id: string }>(
      "companyAdmin",
      "/api/file/upload",
      { bblId: queensProperty.id, documentType: "other", statementYear: String(year - 2) },
      {
        name: `DOF penalty notice ${year - 1}.pdf`,
        type: "application/pdf",
        data: await penaltyNoticePdf({
          owner: queensProperty.ownerName,
          bbl: queensProperty.bbl,
          address: queensProperty.address,
          year: year - 1,
          amount: rpiePenalty(185_000),
        }),
      },
    );
    await waitForExtraction(run, notice.id);
    const removal = await run.call<Filing>("companyAdmin", "POST", "/api/filings/penalty-removal", {
      propertyId: queensProperty.id,
      year: year - 1,
      reason:
        "The statement was filed on time by our previous manager, but under the wrong BBL. The confirmation is attached.",
      noticeFileId: notice.id,
    });
    await new Walk(run, removal).review();
  },
};
