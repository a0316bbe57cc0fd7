/**
 * Cuts eBay's published OpenAPI documents down to the operations Blocklot calls (and the
 * schemas they reference), without prose, into tests/fixtures/ebay/. The eBay test double
 * validates requests against these files and scripts/ebay-types.ts generates the client's
 * types from them. Usage: `tsx scripts/ebay-contracts.ts DIR` where DIR holds eBay's full
 * documents under their published names (sell_inventory_v1_oas3.json, ...); the sources
 * used are listed in tests/fixtures/ebay/README.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { EBAY_CONTRACTS } from "../tests/fixtures/ebay/operations";

type Json = Record<string, unknown>;

/** Prose and vendor extensions are dropped: the double validates shapes, not words. */
const DROP = new Set(["description", "summary", "x-response-codes", "example", "examples", "externalDocs"]);

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === "object") {
    const out: Json = {};
    for (const [k, v] of Object.entries(value as Json)) {
      // A schema property may be named "description" (an item's description): keep those.
      if (DROP.has(k) && typeof v !== "object") continue;
      if (k === "x-response-codes" || k === "externalDocs") continue;
      out[k] = strip(v);
    }
    return out;
  }
  return value;
}

function refsOf(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const v of value) refsOf(v, into);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value as Json)) {
      if (k === "$ref" && typeof v === "string") into.add(v);
      else refsOf(v, into);
    }
  }
}

/**
 * Where eBay's documents contradict eBay's own API and samples, one documented fix each
 * (tests/fixtures/ebay/README.md): Product.aspects is typed "string" in the document, but the
 * API takes (and answers) an object of value arrays, `{ "Brand": ["Acme"] }`.
 */
const CORRECTIONS: Record<string, (components: Record<string, Json>) => void> = {
  inventory: (c) => {
    const product = c.schemas?.Product as { properties: Record<string, unknown> } | undefined;
    if (product) {
      product.properties.aspects = {
        type: "object",
        additionalProperties: { type: "array", items: { type: "string" } },
      };
    }
  },
};

const dir = resolve(process.argv[2] ?? ".");
for (const [name, spec] of Object.entries(EBAY_CONTRACTS)) {
  const full = JSON.parse(readFileSync(join(dir, spec.source), "utf8")) as Json;
  const paths: Json = {};
  const wanted = new Set<string>(spec.operations);
  for (const [path, ops] of Object.entries(full.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(ops)) {
      const id = (op as Json).operationId as string | undefined;
      if (!id || !wanted.has(id)) continue;
      wanted.delete(id);
      paths[path] = { ...((paths[path] as Json) ?? {}), [method]: strip(op) };
    }
  }
  if (wanted.size) throw new Error(`${spec.source}: no operation ${[...wanted].join(", ")}`);
  const components = (full.components ?? {}) as Record<string, Json>;
  const keep: Record<string, Json> = {};
  const pending = new Set<string>();
  refsOf(paths, pending);
  const seen = new Set<string>();
  while (pending.size) {
    const [ref] = pending;
    pending.delete(ref as string);
    if (!ref || seen.has(ref)) continue;
    seen.add(ref);
    const [, , kind, key] = ref.split("/") as [string, string, string, string];
    const target = components[kind]?.[key];
    if (target === undefined) throw new Error(`${spec.source}: unresolved ${ref}`);
    keep[kind] = { ...(keep[kind] ?? {}), [key]: strip(target) };
    refsOf(target, pending);
  }
  CORRECTIONS[name]?.(keep);
  const out = {
    openapi: full.openapi,
    info: { title: (full.info as Json).title, version: (full.info as Json).version },
    servers: full.servers,
    paths,
    components: { ...keep, securitySchemes: components.securitySchemes },
  };
  writeFileSync(join("tests/fixtures/ebay", `${name}.json`), `${JSON.stringify(out, null, 1)}\n`);
  console.log(`${name}: ${spec.operations.length} operations, ${seen.size} components`);
}
