import Fuse from "fuse.js";
import { mappableFields } from "./catalogue";
import { CONCEPTS, type Concept, EXPENSE_CUES, INCOME_CUES } from "./keywords";
import { accountKey, labelStems, normaliseLabel, stem } from "./normalise";
import type { FieldDef, MappableForm } from "./types";

/**
 * The suggestion engine: for each statement label, up to five target fields, best first,
 * each with a confidence (0..1) and the reason. Sources, in order of precedence:
 *   1. prior mappings — this preparer's, then this company's, earlier label → field;
 *   2. the learned table — label → field counts from every confirmed mapping;
 *   3. the keyword dictionary (keywords.ts);
 *   4. fuzzy match (fuse.js): words the dictionary does not know ("Plumbng", "Wagse", OCR
 *      misreads) are matched against the words of the field labels and their synonyms,
 *      and the label is looked up again with the corrected words.
 * Confidence bands do not overlap, so sorting by confidence keeps that precedence:
 * prior 0.95–0.99, learned 0.80–0.95, keyword 0.40–0.80, fuzzy below 0.40.
 */

type SuggestionSource = "prior" | "learned" | "keyword" | "fuzzy";

interface SuggestedField {
  id: string;
  form: FieldDef["form"];
  line: string;
  label: string;
}

interface Suggestion {
  field: SuggestedField;
  confidence: number;
  reason: string;
  source: SuggestionSource;
}

/** An earlier mapping of a label, by the preparer doing this mapping or by anyone for this company. */
export interface PriorMapping {
  label: string;
  fieldId: string;
  scope: "preparer" | "company";
  /** The account number printed beside the label, when it had one. */
  account?: string;
}

/** How often a label was confirmed as a field across all mappings. */
export interface LearnedCount {
  label: string;
  fieldId: string;
  count: number;
}

export interface SuggestOptions {
  /** Filing year of the catalogue (defaults to this year). */
  year?: number;
  prior?: readonly PriorMapping[];
  learned?: readonly LearnedCount[];
  /**
   * The account number beside each label (same order as the labels), when it has one: an
   * account this company mapped before is suggested the same way, whatever its name now.
   */
  accounts?: readonly (string | null | undefined)[];
  /** Suggestions per label, at most 5. */
  limit?: number;
}

export interface LabelSuggestions {
  label: string;
  candidates: Suggestion[];
}

/** Learned fields under this share of a label's confirmed mappings are noise, left out. */
const LEARNED_MIN_SHARE = 0.1;
const MAX_CANDIDATES = 5;

const round = (n: number) => Math.round(n * 1000) / 1000;

interface CompiledPhrase {
  text: string;
  stems: string[];
  /** Specificity: the number of words, halved for a generic phrase ("~income"). */
  weight: number;
}
interface CompiledConcept {
  concept: Concept;
  field: FieldDef;
  /** The income line the expense becomes when recovered from tenants (on this form). */
  recovered: FieldDef | null;
  unless: string[];
  phrases: CompiledPhrase[];
}
interface Prepared {
  byId: Map<string, FieldDef>;
  concepts: CompiledConcept[];
  /** Every word stem the dictionary and the field labels know. */
  vocabulary: Set<string>;
  /** Fuzzy indexes of the vocabulary by first letter (small indexes keep a search in microseconds). */
  fuzzyWords: Map<string, Fuse<string>>;
  /** Misread or misspelt word → the vocabulary word it stands for (null: none close enough). */
  corrections: Map<string, string | null>;
}

const stemSet = (words: Iterable<string>) => new Set([...words].map(stem));
const INCOME = stemSet(INCOME_CUES);
const EXPENSE = stemSet(EXPENSE_CUES);

const preparedCache = new Map<string, Prepared>();

/** The dictionary and fuzzy index for one form and catalogue year, built once. */
function prepare(form: MappableForm, year: number): Prepared {
  const key = `${form}:${year}`;
  const hit = preparedCache.get(key);
  if (hit) return hit;
  const fields = mappableFields(form, year);
  const byId = new Map(fields.map((x) => [x.id, x]));
  const concepts: CompiledConcept[] = [];
  const vocabulary = new Set<string>();
  for (const field of fields) for (const w of labelStems(normaliseLabel(field.label))) vocabulary.add(w);
  for (const concept of CONCEPTS) {
    const fieldId = concept.fields[form];
    const field = fieldId ? byId.get(fieldId) : undefined;
    if (!field) continue;
    const recoveredId = concept.recovered && form === "rpie" ? concept.recovered : null;
    const phrases = concept.phrases.map((raw) => {
      const text = raw.replace(/^~/, "");
      const stems = labelStems(normaliseLabel(text));
      return { text, stems, weight: stems.length * (raw.startsWith("~") ? 0.5 : 1) };
    });
    for (const p of phrases) for (const w of p.stems) vocabulary.add(w);
    concepts.push({
      concept,
      field,
      recovered: (recoveredId && byId.get(recoveredId)) || null,
      unless: (concept.unless ?? []).map(stem),
      phrases: phrases.filter((p) => p.stems.length > 0),
    });
  }
  const byLetter = new Map<string, string[]>();
  for (const w of vocabulary) {
    if (w.length < 4) continue;
    const list = byLetter.get(w[0] as string) ?? [];
    list.push(w);
    byLetter.set(w[0] as string, list);
  }
  const fuzzyWords = new Map<string, Fuse<string>>();
  for (const [letter, words] of byLetter)
    fuzzyWords.set(letter, new Fuse(words, { includeScore: true, threshold: 0.3, ignoreLocation: true }));
  const prepared: Prepared = { byId, concepts, vocabulary, fuzzyWords, corrections: new Map() };
  preparedCache.set(key, prepared);
  return prepared;
}

const toSuggested = (f: FieldDef): SuggestedField => ({
  id: f.id,
  form: f.form,
  line: f.line,
  label: f.label,
});

interface Hit {
  field: FieldDef;
  phrase: string;
  score: number;
  coverage: number;
  reason: string;
}

/** Keyword dictionary hits for one label's stems, best first. */
function keywordHits(stems: string[], prepared: Prepared): Hit[] {
  if (stems.length === 0) return [];
  const present = new Set(stems);
  const hasIncomeCue = stems.some((s) => INCOME.has(s));
  const hasExpenseCue = stems.some((s) => EXPENSE.has(s));
  const hasTotal = present.has("total") || present.has("gross");
  const hits: Hit[] = [];
  for (const cc of prepared.concepts) {
    if (cc.unless.some((w) => present.has(w))) continue;
    let best: CompiledPhrase | null = null;
    const covered = new Set<string>();
    for (const p of cc.phrases) {
      if (!p.stems.every((s) => present.has(s))) continue;
      for (const s of p.stems) covered.add(s);
      if (!best || p.weight > best.weight || (p.weight === best.weight && p.text.length > best.text.length))
        best = p;
    }
    if (!best) continue;
    let score = best.weight + 0.25 * (covered.size - best.stems.length);
    const side = cc.concept.side;
    let field = cc.field;
    let reason = `keyword '${best.text}'`;
    if (hasIncomeCue && side !== "income" && side !== "total" && cc.recovered) {
      // An expense recovered from tenants is income: "Electric reimbursement", "RE tax escalation".
      const cue = stems.find((s) => INCOME.has(s));
      field = cc.recovered;
      reason = `keyword '${best.text}' with '${cue}' (recovered from tenants)`;
      score += 0.5;
    } else if (side === "income" && hasIncomeCue) score += 0.5;
    else if ((side === "expense" || side === "excluded") && hasExpenseCue) score += 0.5;
    else if (side === "total" && hasTotal) score += 0.5;
    // One side's cue alone counts against the other side ("Miscellaneous revenue").
    if ((side === "expense" || side === "excluded") && field === cc.field && hasIncomeCue && !hasExpenseCue)
      score -= 0.5;
    if (side === "income" && hasExpenseCue && !hasIncomeCue) score -= 0.5;
    if (side !== "total" && hasTotal) score -= 0.25;
    hits.push({ field, phrase: best.text, score, coverage: covered.size / present.size, reason });
  }
  hits.sort((a, b) => b.score - a.score); // stable: equal scores keep the dictionary's order
  return hits;
}

/** Confidence of the i-th keyword hit, within the keyword band 0.40–0.80. */
function keywordConfidence(hits: Hit[], i: number): number {
  const top = hits[0] as Hit;
  const hit = hits[i] as Hit;
  const tied = hits.length > 1 && (hits[1] as Hit).score >= top.score - 0.01;
  const base = 0.55 + 0.25 * Math.min(1, top.coverage) - (tied ? 0.1 : 0);
  if (i === 0) return Math.min(0.8, base);
  return Math.max(
    0.4,
    Math.min(base - 0.05 * i, 0.4 + 0.35 * (hit.score / top.score) * Math.min(1, hit.coverage + 0.3)),
  );
}

/**
 * Suggestions for each label (same order as given). Identical labels are worked out once.
 */
export function suggestFields(
  form: MappableForm,
  labels: readonly string[],
  options: SuggestOptions = {},
): LabelSuggestions[] {
  const year = options.year ?? new Date().getUTCFullYear();
  const limit = Math.max(1, Math.min(MAX_CANDIDATES, options.limit ?? MAX_CANDIDATES));
  const prepared = prepare(form, year);

  // Prior mappings and the learned table, keyed by normalised label.
  const prior = new Map<string, PriorMapping[]>();
  for (const p of options.prior ?? []) {
    if (!prepared.byId.has(p.fieldId)) continue;
    const key = normaliseLabel(p.label);
    const list = prior.get(key) ?? [];
    list.push(p);
    prior.set(key, list);
  }
  // Account numbers mean something only within one owner's chart of accounts: the company's priors only.
  const byAccount = new Map<string, PriorMapping[]>();
  for (const p of options.prior ?? []) {
    const acct = accountKey(p.account);
    if (p.scope !== "company" || !acct || !prepared.byId.has(p.fieldId)) continue;
    const list = byAccount.get(acct) ?? [];
    list.push(p);
    byAccount.set(acct, list);
  }
  const learned = new Map<string, Map<string, number>>();
  for (const l of options.learned ?? []) {
    if (!prepared.byId.has(l.fieldId) || !(l.count > 0)) continue;
    const key = normaliseLabel(l.label);
    const counts = learned.get(key) ?? new Map<string, number>();
    counts.set(l.fieldId, (counts.get(l.fieldId) ?? 0) + l.count);
    learned.set(key, counts);
  }

  const memo = new Map<string, Suggestion[]>();
  return labels.map((label, i) => {
    const norm = normaliseLabel(label);
    const acct = accountKey(options.accounts?.[i]);
    const accountPriors = (acct && byAccount.get(acct)) || [];
    const memoKey = accountPriors.length ? `${norm}\u0000${acct}` : norm;
    let candidates = memo.get(memoKey);
    if (!candidates) {
      candidates = suggestOne(norm, prepared, prior.get(norm) ?? [], learned.get(norm), limit, accountPriors);
      memo.set(memoKey, candidates);
    }
    return { label, candidates: candidates.map((c) => ({ ...c, field: { ...c.field } })) };
  });
}

function suggestOne(
  norm: string,
  prepared: Prepared,
  priors: PriorMapping[],
  learned: Map<string, number> | undefined,
  limit: number,
  accountPriors: readonly PriorMapping[] = [],
): Suggestion[] {
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  const add = (field: FieldDef, confidence: number, reason: string, source: SuggestionSource) => {
    if (seen.has(field.id) || out.length >= limit) return;
    seen.add(field.id);
    out.push({ field: toSuggested(field), confidence: round(confidence), reason, source });
  };

  // 0. This company's same account number, mapped before (the name may have changed).
  for (const p of accountPriors)
    add(
      prepared.byId.get(p.fieldId) as FieldDef,
      0.99,
      `this company's account ${p.account} ("${p.label}") last time`,
      "prior",
    );

  // 1. Prior mappings: the preparer's own first, then the company's.
  const ordered = [
    ...priors.filter((p) => p.scope === "preparer"),
    ...priors.filter((p) => p.scope === "company"),
  ];
  ordered.forEach((p, i) => {
    const field = prepared.byId.get(p.fieldId) as FieldDef;
    const mine = p.scope === "preparer";
    add(
      field,
      Math.max(0.95, (mine ? 0.99 : 0.97) - 0.01 * i),
      mine ? "your earlier mapping" : "this company's earlier mapping",
      "prior",
    );
  });

  // 2. The learned table: more confirmations and a larger share mean more confidence.
  if (learned) {
    const total = [...learned.values()].reduce((a, b) => a + b, 0);
    const rows = [...learned.entries()]
      .filter(([, n]) => n / total >= LEARNED_MIN_SHARE)
      .sort((a, b) => b[1] - a[1]);
    for (const [fieldId, n] of rows) {
      const share = n / total;
      add(
        prepared.byId.get(fieldId) as FieldDef,
        0.8 + 0.149 * share * (n / (n + 1)),
        `learned from ${n} confirmed mapping${n === 1 ? "" : "s"}`,
        "learned",
      );
    }
  }

  // 3. Keyword dictionary.
  const stems = labelStems(norm);
  const hits = keywordHits(stems, prepared);
  hits.forEach((hit, i) => {
    add(hit.field, keywordConfidence(hits, i), hit.reason, "keyword");
  });

  // 4. Fuzzy match: words the dictionary does not know, read as the nearest words it does.
  if (out.length < limit) {
    let changed = false;
    const corrected = stems.map((w) => {
      if (prepared.vocabulary.has(w) || w.length < 4 || !/^[a-z]+$/.test(w)) return w;
      const near = nearestWord(w, prepared);
      if (!near) return w;
      changed = true;
      return near;
    });
    if (changed) {
      const fuzzy = keywordHits(corrected, prepared);
      const top = fuzzy[0];
      fuzzy.forEach((hit, i) => {
        const phrase =
          normaliseLabel(hit.field.label) === normaliseLabel(hit.phrase) ? hit.field.label : hit.phrase;
        const reason =
          phrase === hit.field.label
            ? `similar to '${phrase}'`
            : `similar to '${phrase}' (${hit.field.label})`;
        const rel = top ? hit.score / top.score : 0;
        add(
          hit.field,
          Math.max(0.05, 0.39 * rel * Math.min(1, hit.coverage + 0.2) - 0.02 * i),
          reason,
          "fuzzy",
        );
      });
    }
  }
  return out;
}

const MAX_CORRECTIONS = 50_000;

/** The vocabulary word nearest to an unknown word (same first letter), or null. */
function nearestWord(word: string, prepared: Prepared): string | null {
  const known = prepared.corrections.get(word);
  if (known !== undefined) return known;
  const index = prepared.fuzzyWords.get(word[0] as string);
  const best = index?.search(word, { limit: 1 })[0];
  const found = best && (best.score ?? 1) <= 0.3 ? best.item : null;
  if (prepared.corrections.size >= MAX_CORRECTIONS) prepared.corrections.clear();
  prepared.corrections.set(word, found);
  return found;
}
