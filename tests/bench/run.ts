import { cpus } from "node:os";
import { adminUsersBench } from "./admin-users";
import { apiBench } from "./api";
import { chatDeliveryBench } from "./chat-delivery";
import { clusterFailoverBench } from "./cluster-failover";
import { clusterReadsBench } from "./cluster-reads";
import { coldStartBench } from "./cold-start";
import { demoSeedBench } from "./demo-seed";
import { ebayBench } from "./ebay";
import { extractionBench } from "./extraction";
import { firstLoadBench } from "./first-load-waterfall";
import { frontendBench } from "./frontend";
import { importServerBench } from "./import-server";
import { importWorkBench } from "./import-work";
import { inventoryImportBench } from "./inventory-import";
import { inventoryListBench } from "./inventory-list";
import { kanbanBench } from "./kanban";
import { labelsBench } from "./labels";
import { mailBench } from "./mail";
import { mailServerBench } from "./mail-server";
import { mappingBench } from "./mapping";
import { ocrNativeBench } from "./ocr-native";
import { outputsBench } from "./outputs";
import { ownerStatementsBench } from "./owner-statements";
import { photoCompressBench } from "./photo-compress";
import { scanBench } from "./scan";
import { staffListsBench } from "./staff-lists";
import { type Figure, met } from "./util";

/**
 * `npm run bench` — every benchmark, one after another, then a summary against the
 * targets. Add a bench by exporting `async () => Figure[]` and listing it here.
 * `npm run bench -- api` runs only the named ones. See docs/benchmarks.md.
 */
const BENCHES: Record<string, () => Promise<Figure[]>> = {
  "admin-users": adminUsersBench,
  api: apiBench,
  "chat-delivery": chatDeliveryBench,
  "cluster-failover": clusterFailoverBench,
  "cluster-reads": clusterReadsBench,
  "cold-start": coldStartBench,
  "demo-seed": demoSeedBench,
  ebay: ebayBench,
  extraction: extractionBench,
  "first-load": firstLoadBench,
  frontend: frontendBench,
  "import-server": importServerBench,
  "import-work": importWorkBench,
  "inventory-import": inventoryImportBench,
  "inventory-list": inventoryListBench,
  kanban: kanbanBench,
  labels: labelsBench,
  mail: mailBench,
  "mail-server": mailServerBench,
  mapping: mappingBench,
  "ocr-native": ocrNativeBench,
  outputs: outputsBench,
  "owner-statements": ownerStatementsBench,
  scan: scanBench,
  "staff-lists": staffListsBench,
  "photo-compress": () => photoCompressBench(),
};

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const unknown = wanted.filter((w) => !(w in BENCHES));
  if (unknown.length)
    throw new Error(`unknown bench ${unknown.join(", ")}; known: ${Object.keys(BENCHES).join(", ")}`);
  const names = wanted.length ? wanted : Object.keys(BENCHES);
  console.log(
    `Blocklot benchmarks, ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} cores`,
  );
  const figures: Figure[] = [];
  for (const name of names) {
    console.log(`\n== ${name}`);
    const run = BENCHES[name] as () => Promise<Figure[]>;
    const got = await run();
    for (const f of got) console.log(`  ${f.bench} — ${f.metric}: ${f.value} ${f.unit}`);
    figures.push(...got);
  }
  console.log("\nSummary");
  for (const f of figures) {
    const target = f.target
      ? `target ${f.target.op} ${f.target.value} ${f.unit}: ${met(f) ? "met" : "MISSED"}`
      : "";
    console.log(`  ${f.metric.padEnd(28)} ${`${f.value} ${f.unit}`.padEnd(14)} ${target}   (${f.bench})`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
