/**
 * Mailbox on the server (issue 14, docs/mail.md "Search and paging"): one user's 20,000 messages
 * among 100,000 (four other users with as many), then `GET /api/mail/messages` as the app asks it:
 * the inbox's first page (50 newest), its next page (`before` cursor), a rare label's first page
 * (spam, 1 in 50 messages), and a search for a word in 1 of 1,000
 * bodies and for a sender's name in many. Median of 7 requests each. In-process server on PGlite
 * (DATABASE_URL set: PostgreSQL), as the server tests run it. Targets: the figures for the
 * device (first page ≤ 300 ms, search ≤ 200 ms) held by the server too.
 *
 * Run: npx tsx tests/bench/mail-server.ts   (or `npm run bench -- mail-server`)
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createTestUser } from "../server/fixtures";
import { startTestServer } from "../server/harness";
import { type Figure, runWhenMain } from "./util";

const PER_USER = Number(process.env.BENCH_MAIL_MESSAGES || 20_000);
const USERS = 5;
const RUNS = 7;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const round = (n: number) => Math.round(n * 10) / 10;

export async function mailServerBench(): Promise<Figure[]> {
  const server = await startTestServer({ JOBS_IN_PROCESS: "false" });
  const where = server.database.kind === "postgres" ? "PostgreSQL" : "PGlite";
  const bench = `mailbox on the server: ${PER_USER} messages of one user among ${PER_USER * USERS} (${where})`;
  try {
    const users = [];
    for (let u = 0; u < USERS; u++) users.push(await createTestUser(server));
    const me = users[0] as (typeof users)[number];
    const t0 = performance.now();
    // Loaded as a restore would: the trigram index is built once after the rows, not row by row.
    await server.database.db.execute(sql`drop index mail_messages_search_idx`);
    for (const user of users) {
      for (let from = 0; from < PER_USER; from += 5_000) {
        const to = Math.min(PER_USER, from + 5_000) - 1;
        // Like tests/bench/mail.ts: 10 words in subjects and bodies, 5 senders, 1 in 10 sent,
        // 1 in 7 starred, 1 in 50 spam, 2 in 3 unread, a rare word in 1 of 1,000 bodies.
        await server.database.db.execute(sql`
          insert into mail_messages (id, user_id, thread_id, message_id, "from", from_name, "to",
            subject, html, text, labels, read, state, sent_at)
          select gen_random_uuid(), ${user.userId}::uuid, gen_random_uuid(), i || '@bench.example.org',
            lower(n.name) || '@partner.example.org', n.name || ' Partner', '["me@blocklot.example"]'::jsonb,
            'The ' || w.word || ' of week ' || (i % 52), '<p>' || body || '</p>', body,
            case when i % 10 = 0 then '["sent"]'::jsonb when i % 50 = 1 then '["spam"]'::jsonb
              when i % 7 = 0 then '["inbox","starred"]'::jsonb else '["inbox"]'::jsonb end,
            i % 3 = 0, case when i % 10 = 0 then 'sent' else 'received' end,
            timestamptz '2026-01-01' + i * interval '1 minute'
          from generate_series(${from}::int, ${to}::int) as i,
            lateral (select (array['invoice','meeting','statement','delivery','quote','lamp','filing',
              'photo','label','order'])[1 + i % 10] as word) w,
            lateral (select (array['Pat','Sam','Alex','Robin','Kim'])[1 + i % 5] as name) n,
            lateral (select 'Hello, about the ' || w.word || ' number ' || i
              || ': please see the details below. ' || repeat('Lorem ipsum dolor sit amet. ', 12)
              || case when i % 1000 = 7 then 'zanzibar' else '' end as body) b`);
      }
    }
    await server.database.db.execute(sql`
      create index mail_messages_search_idx on mail_messages
      using gin ((subject || ' ' || "from" || ' ' || from_name || ' ' || text) gin_trgm_ops)
      where deleted_at is null`);
    await server.database.db.execute(sql`analyze mail_messages`);
    const seedMs = performance.now() - t0;
    console.log(`  ${PER_USER * USERS} messages in ${round(seedMs / 1000)} s (${where})`);

    const get = async (query: string) => {
      const res = await server.app.inject({
        method: "GET",
        url: `/api/mail/messages?${query}`,
        headers: me.auth,
      });
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
      return res.json() as { rows: { id: string; read: boolean }[]; next: string | null };
    };
    const timed = async (query: string) => {
      const times: number[] = [];
      let last = await get(query); // warm: the first request pays for plans and caches
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        last = await get(query);
        times.push(performance.now() - t);
      }
      console.log(`  ${query}: median ${round(median(times))} ms, ${last.rows.length} rows`);
      return { ms: round(median(times)), last };
    };

    const first = await timed("label=inbox");
    const next = await timed(`label=inbox&before=${encodeURIComponent(first.last.next ?? "")}`);
    const spam = await timed("label=spam");
    const rare = await timed("q=zanzibar");
    const common = await timed("q=robin");
    if (first.last.rows.length !== 50 || next.last.rows.length !== 50 || spam.last.rows.length !== 50)
      throw new Error("a page did not have 50 rows");
    if (rare.last.rows.length !== Math.ceil(PER_USER / 1000)) throw new Error("the rare word was not found");
    const page = { op: "<" as const, value: 300 };
    const search = { op: "<" as const, value: 200 };
    return [
      { bench, metric: `seed ${PER_USER * USERS} messages`, value: round(seedMs), unit: "ms" },
      { bench, metric: "inbox first page (50 newest)", value: first.ms, unit: "ms", target: page },
      { bench, metric: "inbox next page (before cursor)", value: next.ms, unit: "ms", target: page },
      {
        bench,
        metric: "a rare label's first page (spam, 1 in 50)",
        value: spam.ms,
        unit: "ms",
        target: page,
      },
      {
        bench,
        metric: `search, a word in ${rare.last.rows.length} bodies`,
        value: rare.ms,
        unit: "ms",
        target: search,
      },
      {
        bench,
        metric: "search, a sender in many messages (first 50)",
        value: common.ms,
        unit: "ms",
        target: search,
      },
    ];
  } finally {
    await server.close();
  }
}

runWhenMain(import.meta.filename, mailServerBench);
