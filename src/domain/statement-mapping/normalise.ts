/**
 * Statement labels as owners, accountants and accounting systems write them
 * ("6100 · Repairs & Maint:Plumbing", "R/E TAXES", "Payroll - Supt.") reduced to plain
 * lower-case words so that the same line reads the same however it was written.
 */

/** Abbreviations and spellings seen in charts of accounts, by lower-case token. */
const ABBREVIATIONS: Record<string, string> = {
  mgmt: "management",
  mgt: "management",
  mngmt: "management",
  mangement: "management",
  maint: "maintenance",
  mnt: "maintenance",
  mtce: "maintenance",
  maintanance: "maintenance",
  rm: "repairs maintenance",
  ins: "insurance",
  insur: "insurance",
  elec: "electric",
  elect: "electric",
  electicity: "electricity",
  util: "utility",
  utils: "utilities",
  supt: "superintendent",
  super: "superintendent",
  admin: "administration",
  adm: "administration",
  administrative: "administration",
  acct: "accounting",
  acctg: "accounting",
  accting: "accounting",
  prof: "professional",
  svc: "service",
  svcs: "services",
  serv: "service",
  bldg: "building",
  apt: "apartment",
  apts: "apartments",
  pkg: "parking",
  prkg: "parking",
  coml: "commercial",
  comml: "commercial",
  comm: "commercial",
  res: "residential",
  resi: "residential",
  resid: "residential",
  stab: "stabilized",
  stabilised: "stabilized",
  reg: "regulated",
  int: "interest",
  depr: "depreciation",
  deprec: "depreciation",
  amort: "amortization",
  amortisation: "amortization",
  amortised: "amortized",
  exp: "expense",
  exps: "expenses",
  inc: "income",
  rev: "revenue",
  revs: "revenues",
  misc: "miscellaneous",
  tel: "telephone",
  tele: "telephone",
  exterm: "exterminating",
  ext: "exterminating",
  esc: "escalation",
  escal: "escalation",
  escalations: "escalation",
  reimb: "reimbursement",
  reimbursements: "reimbursement",
  recov: "recovery",
  gen: "general",
  ofc: "office",
  equip: "equipment",
  contr: "contract",
  lic: "license",
  licence: "license",
  licences: "licenses",
  adv: "advertising",
  advert: "advertising",
  advtg: "advertising",
  mktg: "marketing",
  commissions: "commission",
  comp: "compensation",
  govt: "government",
  gov: "government",
  fed: "federal",
  sched: "schedule",
  hw: "hot water",
  ac: "air conditioning",
  dept: "department",
  svcing: "servicing",
  rcvd: "received",
  recd: "received",
  chgs: "charges",
  chg: "charge",
  pmts: "payments",
  pmt: "payment",
  mtg: "mortgage",
  mort: "mortgage",
  morgage: "mortgage",
  ll: "landlord",
  ti: "tenant improvements",
  tis: "tenant improvements",
  wc: "workers compensation",
  sr: "senior",
  rs: "rent stabilized",
  fm: "free market",
  hap: "housing assistance payment",
  yr: "year",
};

/** Word forms reduced to one stem so "taxes" meets "tax" and "repairs" meets "repair". */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Account numbers: "6100", "6100.00", "6310-0000", "40100:", "#5120", "a/c 6100". */
const ACCOUNT_NO = /^(?:#|no\.?\s*|a\/c\s*)?\d[\d.-]*$/i;

/**
 * Normalised label text: lower case, no accents, account numbers and QuickBooks
 * hierarchy separators removed, "&" spelled "and", abbreviations expanded.
 */
export function normaliseLabel(raw: string): string {
  let s = raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  // Combined abbreviations before punctuation is dropped.
  s = s
    .replace(/\br\s*(?:&|\+|and|\/)\s*m\b/g, " repairs maintenance ")
    .replace(/\bw\s*(?:\/|&|and)\s*s\b/g, " water sewer ")
    .replace(/\br\s*\/\s*e\b|\br\.\s*e\.(?=\s|$)/g, " real estate ")
    .replace(/\bre\s+(?=tax)/g, "real estate ")
    .replace(/\bp\s*\/\s*r\b/g, " payroll ")
    .replace(/\bt\s*\/\s*i\b/g, " tenant improvements ")
    .replace(/\b(?:sec(?:t?\.|t|tion)?)\s*8\b/g, " section8 ")
    .replace(/\bh2o\b/g, " water ")
    // Compliance laws and tax programmes keep their numbers: "Local Law 97", "LL-11", "FISP", "J-51", "421-a".
    .replace(/\b(?:local\s+law|ll)\s*[-#]?\s*(\d{2,3})\b/g, " ll$1 ")
    .replace(/\bfisp\b/g, " ll11 ")
    .replace(/\bj\s*-?\s*51\b/g, " j51 ")
    .replace(/\b421\s*-?\s*a\b/g, " 421a ")
    .replace(/\bcomm(?:'l|l)?\b(?=[\s.]*(?:paid|expense|exp)?\s*$)/g, " commission ")
    .replace(/(?<=leas\w*\s+)comm\w*/g, " commission ")
    .replace(/(?<=brok\w*\s+)comm\w*/g, " commission ")
    .replace(/&|\+/g, " and ")
    .replace(/'/g, "");
  // Hierarchy separators and other punctuation become spaces; account numbers go.
  const tokens = s
    .split(/[^a-z0-9#./-]+/)
    .flatMap((t) => t.split(/[./-]+(?=[a-z])|(?<=[a-z])[./-]+/))
    .map((t) => t.replace(/^[./-]+|[./-]+$/g, ""))
    .filter((t) => t && !ACCOUNT_NO.test(t) && !/^\d+$/.test(t));
  const out: string[] = [];
  for (const t of tokens) out.push(ABBREVIATIONS[t] ?? t);
  return out.join(" ").replace(/\s+/g, " ").trim();
}

/** Words that carry no meaning for matching. */
const STOP = new Set([
  "and",
  "of",
  "the",
  "for",
  "to",
  "in",
  "on",
  "a",
  "an",
  "by",
  "at",
  "per",
  "from",
  "with",
]);

/** The stems of a normalised label's meaningful words. */
export function labelStems(normalised: string): string[] {
  return normalised
    .split(" ")
    .filter((w) => w && !STOP.has(w))
    .map(stem);
}

/** Account numbers compared as printed, without spaces, dots or dashes and case ("6100-00" = "610000"). */
export const accountKey = (account: string | null | undefined): string =>
  (account ?? "").replace(/[\s.\-·:#]/g, "").toUpperCase();
