/**
 * Staff lists' search at scale (issue 15): 100,000 users each with a company, 200,000 items (one
 * seller with 100,000, 1,999 with 50 each), then the queries behind a page of the admin user
 * list (`listUsers`: count + page), the admin seller list (`listSellers`, by company name or
 * owner email; and with `companies=all`, every company, without and with a search) and a
 * seller's item list (`listRecords`, the biggest seller) with a contains-search, sorted by each
 * column: median and p95 per list and term, and EXPLAIN ANALYZE of the count and the first page,
 * to see which index serves the search (the trigram GIN indexes of migrations 0048 and 0055, or
 * none) and the sort (0055 for `companies=all`). The store
 * functions are called directly (no HTTP: `npm run bench -- admin-users` times the route).
 * PGlite in memory; with DATABASE_URL, a throw-away database on that PostgreSQL server.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../src/server/db/client";
import { listSellers, sellerCountSql, sellerPageSql } from "../../src/server/modules/admin/lists";
import { listUsers } from "../../src/server/modules/admin/users";
import { ITEM, listRecords } from "../../src/server/modules/inventory/store";
import { type Figure, runWhenMain, tempPgDatabase } from "./util";

const BENCH = "staff-lists";
const USERS = Number(process.env.BENCH_STAFF_USERS || 100_000);
const SELLERS = Number(process.env.BENCH_STAFF_SELLERS || 2_000);
/** Companies in all (each owned by a user): the SELLERS first have items, the others none. */
const COMPANIES = Math.max(SELLERS, Number(process.env.BENCH_STAFF_COMPANIES || USERS));
const BIG_SELLER_ITEMS = Number(process.env.BENCH_STAFF_BIG_ITEMS || 100_000);
const ITEMS_EACH = 50;
const RUNS = Number(process.env.BENCH_STAFF_RUNS || 5);
const BIG = "00000000-0000-4000-8000-000000000001";
/** Matches company 1234 ("Estate Finds 1234", a seller) and the few named "… Finds 1234x". */
const RARE_COMPANY = "finds 1234";

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * q) - 1))] as number;
};

async function seed(database: Database) {
  const { db } = database;
  for (let from = 1; from <= USERS; from += 10_000) {
    const to = Math.min(USERS, from + 9_999);
    await db.execute(sql`
      insert into users (id, email, display_name, email_confirmed_at, created_at)
      select gen_random_uuid(), 'user' || i || '@' || (array['acme','globex','initech','umbrella'])[1 + i % 4] || '.test',
        (array['Ann','Bob','Cy','Dee','Eve','Fay'])[1 + i % 6] || ' ' || md5(i::text),
        now(), now() - (i || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  // companies 1..SELLERS are the sellers (company 1 the big one), the rest have no items; each
  // is owned by a user without a company yet (the sellers by the newest users)
  const addCompanies = async (from: number, to: number) => {
    await db.execute(sql`
      insert into companies (id, name)
      select case when i = 1 then ${BIG}::uuid else gen_random_uuid() end,
        (array['Attic','Bargain','Corner','Dusty','Estate','Flea'])[1 + i % 6] || ' ' ||
        (array['Finds','Resale','Goods','Treasures','Vintage'])[1 + (i / 6) % 5] || ' ' || i
      from generate_series(${from}::int, ${to}::int) as i`);
    await db.execute(sql`
      insert into company_members (company_id, user_id, roles, is_primary)
      select c.id, u.id, array['ROLE_COMPANY_ADMIN'], true
      from (select id, row_number() over (order by name) as n from companies c
            where not exists (select 1 from company_members m where m.company_id = c.id)) c
      join (select id, row_number() over (order by created_at desc) as n from users u
            where not exists (select 1 from company_members m where m.user_id = u.id)) u on u.n = c.n`);
  };
  await addCompanies(1, SELLERS);
  const items = (companyFilter: ReturnType<typeof sql>, from: number, to: number) => sql`
    insert into inventory_items (id, company_id, sku, title, description, quantity, condition, category, dim_unit, weight_unit, status)
    select gen_random_uuid(), c.id, 'SKU-' || lpad(i::text, 6, '0'),
      (array['Brass','Vintage','Sony','Levi''s','Cast iron','Pyrex','Nikon','LEGO'])[1 + i % 8] || ' ' ||
      (array['desk lamp','Walkman','501 jeans','skillet','bowl set','camera body','brick lot'])[1 + (i / 8) % 7] || ' ' || i,
      '', 1, 3, 'misc', 'in', 'lb', (array['draft','ready','listed','sold'])[1 + i % 4]
    from (select id from companies where ${companyFilter}) c, generate_series(${from}::int, ${to}::int) as i`;
  for (let from = 1; from <= BIG_SELLER_ITEMS; from += 20_000)
    await db.execute(items(sql`id = ${BIG}::uuid`, from, Math.min(BIG_SELLER_ITEMS, from + 19_999)));
  await db.execute(items(sql`id <> ${BIG}::uuid`, 1, ITEMS_EACH));
  for (let from = SELLERS + 1; from <= COMPANIES; from += 20_000)
    await addCompanies(from, Math.min(COMPANIES, from + 19_999));
  // BENCH_STAFF_NO_TRGM=1: the same run without migration 0048's trigram indexes (before/after)
  if (process.env.BENCH_STAFF_NO_TRGM)
    await db.execute(sql`drop index users_email_trgm_idx, users_display_name_trgm_idx`);
  await db.execute(sql`analyze`);
}

/** The plan's lines, the index and scan nodes first-class (timing lines kept: rows and ms). */
async function explain(database: Database, label: string, statement: ReturnType<typeof sql>) {
  const res = (await database.db.execute(sql`explain (analyze, costs off) ${statement}`)) as unknown as {
    rows: Record<string, string>[];
  };
  const lines = res.rows.map((r) => Object.values(r)[0] as string);
  console.log(`  EXPLAIN ${label}:`);
  for (const l of lines) console.log(`    ${l}`);
  return lines.join("\n");
}

async function timed(fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times;
}

export async function staffListsBench(): Promise<Figure[]> {
  const pgDb = process.env.DATABASE_URL ? await tempPgDatabase(process.env.DATABASE_URL) : null;
  const database = await openDatabase(pgDb ? { databaseUrl: pgDb.url } : { memory: true });
  const kind = `${pgDb ? "PostgreSQL" : "PGlite"}${process.env.BENCH_STAFF_NO_TRGM ? ", no trigram indexes" : ""}`;
  const figures: Figure[] = [];
  const add = (list: string, term: string, times: number[], target?: number) => {
    const search = term ? `search "${term}"` : "no search";
    const bench = `${BENCH}: ${list}, ${search}, page of 25 by each sort (${kind})`;
    figures.push({ bench, metric: "median", value: round(quantile(times, 0.5)), unit: "ms" });
    figures.push({
      bench,
      metric: "p95",
      value: round(quantile(times, 0.95)),
      unit: "ms",
      ...(target ? { target: { op: "<" as const, value: target } } : {}),
    });
  };
  try {
    const t = performance.now();
    await seed(database);
    console.log(
      `  ${USERS} users, ${COMPANIES} companies, ${SELLERS} sellers, ${BIG_SELLER_ITEMS + (SELLERS - 1) * ITEMS_EACH} items in ${round((performance.now() - t) / 1000)} s (${kind})`,
    );
    const { db } = database;

    // admin user list: a quarter of the users match "globex", one matches "user4242"
    for (const term of ["globex", "user4242"]) {
      const like = `%${term}%`;
      const where = sql`email ilike ${like} or display_name ilike ${like}`;
      await explain(database, `user count "${term}"`, sql`select count(*) from users where ${where}`);
      await explain(
        database,
        `user page "${term}" by email`,
        sql`select id from users where ${where} order by lower(email), id limit 25`,
      );
      const times: number[] = [];
      for (const sortBy of ["email", "displayName", "createdAt"] as const)
        for (const sortDir of ["asc", "desc"] as const)
          times.push(
            ...(await timed(() => listUsers(db, { page: 1, rowsPerPage: 25, sortBy, sortDir, query: term }))),
          );
      add(`admin user list, ${USERS} users`, term, times, 50);
    }

    // admin seller list: one row per company with live items, from seller_summaries (migration
    // 0053), searched by company name, common (a fifth of the companies) and rare ("Estate Finds
    // 1234" alone: the names' trigram index, 0055), and by owner email; then with companies=all
    // (the seller picker: every company, items or not) without a search too, by each of its sorts
    const sellerLists = [
      { companies: "withInventory" as const, label: `${SELLERS} sellers of ${COMPANIES} companies` },
      { companies: "all" as const, label: `companies=all, ${COMPANIES} companies` },
    ];
    for (const { companies, label } of sellerLists)
      for (const term of companies === "all"
        ? ["", RARE_COMPANY, "vintage"]
        : ["vintage", RARE_COMPANY, "user42@"]) {
        const p = { companies, query: term || undefined, page: 0, rowsPerPage: 25 };
        const count = sellerCountSql(p);
        await explain(database, `${companies} count "${term}"`, count);
        const [c] = rowsOf<{ n: number; scope: number }>(await db.execute(count));
        const counted = { n: Number(c?.n ?? 0), scope: Number(c?.scope ?? 0) };
        for (const sortBy of ["companyName", "items", "lastActivity"] as const)
          await explain(
            database,
            `${companies} page "${term}" by ${sortBy} desc (${counted.n} of ${counted.scope} rows)`,
            sellerPageSql({ ...p, sortBy, sortDir: "desc" }, { limit: 25, count: counted }),
          );
        const sorts = ["companyName", "items", "listings", "sales", "lastActivity"] as const;
        const times: number[] = [];
        for (const sortBy of companies === "all"
          ? sorts
          : (["companyName", "items", "lastActivity"] as const))
          for (const sortDir of ["asc", "desc"] as const)
            times.push(...(await timed(() => listSellers(db, { ...p, sortBy, sortDir }))));
        add(`admin seller list, ${label}`, term, times, 50);
      }

    // a seller's item list: the biggest seller's 100,000 items
    for (const term of ["walkman", "SKU-004242"]) {
      const like = `%${term}%`;
      const where = sql`company_id = ${BIG}::uuid and deleted_at is null and (title ilike ${like} or sku ilike ${like} or barcode ilike ${like})`;
      await explain(
        database,
        `item count "${term}"`,
        sql`select count(*) from inventory_items where ${where}`,
      );
      await explain(
        database,
        `item page "${term}" by title`,
        sql`select id from inventory_items where ${where} order by title, id limit 25`,
      );
      const times: number[] = [];
      for (const sortBy of ["title", "createdAt", "price"])
        for (const sortDir of ["asc", "desc"] as const)
          times.push(
            ...(await timed(() =>
              listRecords(db, ITEM, BIG, { page: 1, rowsPerPage: 25, sortBy, sortDir, q: term }),
            )),
          );
      add(`item list of a seller with ${BIG_SELLER_ITEMS} items`, term, times, 50);
    }
    return figures;
  } finally {
    await database.close();
    await pgDb?.drop();
  }
}

runWhenMain(import.meta.filename, staffListsBench);
