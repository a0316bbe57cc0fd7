/**
 * Mailbox on the device (issue 14, docs/mail.md "On the device"): 20,000 messages of one user in
 * the app's Dexie database (fake-indexeddb in Node, as the offline unit tests use), written in
 * 1,000-row transactions as a pull leaves them, then
 * - first page: the inbox's newest 50 (`labelPage`), median of 7 — target ≤ 300 ms;
 * - unread counts of the built-in labels (`unreadCounts`: `*unreadIn` index counts, shown beside
 *   the first page) — ≤ 300 ms;
 * - search: `searchMail` (the `*words` index) for a word in 1 of 1,000 bodies and for a sender's
 *   name in many messages (the first 50), median of 7 each — target ≤ 200 ms.
 *
 * Run: npx tsx tests/bench/mail.ts   (or `npm run bench -- mail`)
 */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { v7 as uuidv7 } from "uuid";
import { createDb } from "../../src/app/offline/db";
import { labelPage, searchMail, unreadCounts } from "../../src/app/offline/mail";
import type { MailMessage } from "../../src/domain/mail/message";
import { type Figure, runWhenMain } from "./util";

const BENCH = "mailbox (Dexie, fake-indexeddb)";
const COUNT = Number(process.env.BENCH_MAIL_MESSAGES || 20_000);
const RUNS = 7;
const WORDS = [
  "invoice",
  "meeting",
  "statement",
  "delivery",
  "quote",
  "lamp",
  "filing",
  "photo",
  "label",
  "order",
];
const NAMES = ["Pat Partner", "Sam Supplier", "Alex Agent", "Robin Renter", "Kim Keeper"];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const round = (n: number) => Math.round(n * 10) / 10;

async function timed(fn: () => Promise<unknown>) {
  const times: number[] = [];
  let last: unknown;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
  }
  return { ms: round(median(times)), last };
}

function message(userId: string, i: number): MailMessage {
  const word = WORDS[i % WORDS.length] as string;
  const name = NAMES[i % NAMES.length] as string;
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const body = `Hello, about the ${word} number ${i}: please see the details below. ${"Lorem ipsum dolor sit amet. ".repeat(12)}${i % 1000 === 7 ? "zanzibar" : ""}`;
  return {
    id: uuidv7({ msecs: Date.parse(at) }),
    userId,
    threadId: uuidv7(),
    messageId: `${i}@bench.example.org`,
    inReplyTo: "",
    references: [],
    from: `${name.split(" ")[0]?.toLowerCase()}@partner.example.org`,
    fromName: name,
    to: ["me@blocklot.example"],
    cc: [],
    subject: `The ${word} of week ${i % 52}`,
    html: `<p>${body}</p>`,
    text: body,
    labels: i % 10 === 0 ? ["sent"] : i % 7 === 0 ? ["inbox", "starred"] : ["inbox"],
    read: i % 3 === 0,
    state: i % 10 === 0 ? "sent" : "received",
    sentAt: at,
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}

export async function mailBench(): Promise<Figure[]> {
  const db = createDb("bench-mail", { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  const userId = uuidv7();
  const t0 = performance.now();
  for (let start = 0; start < COUNT; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, COUNT - start) }, (_, k) => message(userId, start + k));
    await db.mailMessages.bulkPut(rows);
  }
  const saveMs = round(performance.now() - t0);
  console.log(`  saved ${COUNT} messages in ${saveMs} ms`);
  const first = await timed(() => labelPage(db, userId, "inbox"));
  // The label column's unread counts (the screen's useUnreadCounts), all built-in labels.
  const unread = await timed(() =>
    unreadCounts(db, userId, ["inbox", "sent", "drafts", "starred", "important", "spam", "trash"]),
  );
  const inboxUnread = (unread.last as Record<string, number>).inbox;
  console.log(`  first page ${first.ms} ms, unread counts ${unread.ms} ms`);
  const rare = await timed(() => searchMail(db, userId, "Zanzibar"));
  const common = await timed(() => searchMail(db, userId, "robin"));
  const gotFirst = (first.last as MailMessage[]).length;
  const gotRare = (rare.last as MailMessage[]).length;
  if (gotFirst !== 50 || gotRare !== Math.ceil(COUNT / 1000))
    throw new Error(`unexpected results ${gotFirst} ${gotRare}`);
  db.close();
  return [
    { bench: BENCH, metric: `save ${COUNT} messages (1,000 per transaction)`, value: saveMs, unit: "ms" },
    {
      bench: BENCH,
      metric: "inbox first page (50 newest)",
      value: first.ms,
      unit: "ms",
      target: { op: "<", value: 300 },
    },
    {
      bench: BENCH,
      metric: `unread counts of the 7 built-in labels (inbox: ${inboxUnread} unread)`,
      value: unread.ms,
      unit: "ms",
      target: { op: "<", value: 300 },
    },
    {
      bench: BENCH,
      metric: `search, a word in ${gotRare} bodies`,
      value: rare.ms,
      unit: "ms",
      target: { op: "<", value: 200 },
    },
    {
      bench: BENCH,
      metric: "search, a sender in many messages (first 50)",
      value: common.ms,
      unit: "ms",
      target: { op: "<", value: 200 },
    },
  ];
}

runWhenMain(import.meta.filename, mailBench);
