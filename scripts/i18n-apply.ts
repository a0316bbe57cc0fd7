/**
 * Fills German and Spanish translations into the Lingui catalogs.
 *
 *   npm run i18n:apply -- path/to/translations.json
 *
 * The JSON maps English source messages to translations: { "de": { "Sign in": "Anmelden" }, "es": { ... } }.
 * It first re-extracts the catalogs from the source (so new messages are present), then
 * sets msgstr for every matching msgid, leaving other translations untouched. It prints
 * which messages still lack a translation.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import PO from "pofile";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run i18n:apply -- translations.json");
  process.exit(2);
}
const input = JSON.parse(readFileSync(resolve(file), "utf8")) as Record<string, Record<string, string>>;

execFileSync("npx", ["lingui", "extract"], { stdio: "inherit" });

for (const locale of ["de", "es"]) {
  const path = resolve(`src/app/i18n/locales/${locale}/messages.po`);
  const po = PO.parse(readFileSync(path, "utf8"));
  const given = input[locale] ?? {};
  let applied = 0;
  const missing: string[] = [];
  for (const item of po.items) {
    const t = given[item.msgid];
    if (t !== undefined && t !== "") {
      item.msgstr = [t];
      applied += 1;
    }
    if (!item.msgstr[0]) missing.push(item.msgid);
  }
  writeFileSync(path, po.toString());
  console.log(`${locale}: applied ${applied}; still untranslated: ${missing.length}`);
  for (const m of missing.slice(0, 50)) console.log(`  - ${JSON.stringify(m)}`);
}
