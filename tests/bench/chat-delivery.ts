/**
 * Chat and notification delivery benchmark (issue 16: "message delivery, sender's send →
 * receiver's screen, p95 ≤ 200 ms with 200 connected clients on one server, and across two
 * server processes on one PostgreSQL; 1,000 queued offline messages sent in order ≤ 10 s").
 *
 * The BUILT server (seeded demo accounts; `BENCH_DATABASE_URL` runs it on that PostgreSQL) and
 * real Server-Sent Events connections to GET /api/events, read by this process:
 * - 1 receiver: the super admin (the staff who answer), as the admin chat screen does: on the
 *   `chat` event of the thread it reads `…/messages?since=<cursor>`; "on screen" is when that
 *   read answers with the message.
 * - `BENCH_CHAT_CLIENTS` − 1 (199) more connections of the company's employee, who hear the same
 *   event (fan-out) and, since the message notifies the company's other members through the
 *   bell, `notifications-changed`.
 * The company admin sends `BENCH_CHAT_MESSAGES` (40) messages one after another, 250 ms apart;
 * each latency is from just before its POST to the event's arrival (or the catch-up's answer).
 * With BENCH_DATABASE_URL a second server process on the same database serves the 200
 * connections while the sender posts to the first: the event crosses LISTEN/NOTIFY.
 * Then the outbox drain: `BENCH_CHAT_QUEUED` (1,000) messages sent in order, each with its
 * Idempotency-Key, as the sync engine sends queued entries: 100 at a time through the batch route
 * (POST /api/chat/messages/batch; `BENCH_CHAT_DRAIN=single`: one POST each, as before), the
 * device's Dexie work not included; read back in order. The CPU time each process spent on the
 * drain (the server processes, their PostgreSQL backends, this one) is printed per message.
 *
 * Not a test: nothing fails on time. Run: npm run bench -- chat-delivery (on PostgreSQL:
 * bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$DATABASE_URL npm run bench -- chat-delivery').
 * Results: docs/benchmarks.md.
 */
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import {
  CHAT_EVENT,
  CHAT_MESSAGE_BATCH_PATH,
  type ChatEventData,
  type ChatMessageApi,
  type ChatMessagePage,
} from "../../src/domain/chat/types";
import { NOTIFICATIONS_CHANGED_EVENT } from "../../src/domain/notifications/types";
import { type BatchWriteAnswer, WRITE_BATCH_MAX } from "../../src/domain/sync/write-batch";
import { cpuMsOf, type Figure, runWhenMain, sessionOf, startSeededServer } from "./util";

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS || 200);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES || 40);
const QUEUED = Number(process.env.BENCH_CHAT_QUEUED || 1000);
const DRAIN_ALONE = process.env.BENCH_CHAT_DRAIN === "single";
const GAP_MS = 250;
const BENCH = "chat-delivery (built server, real SSE)";

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number;
};
const round = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

interface SseEvent {
  event: string;
  data: string;
  at: number;
}

/** One GET /api/events stream, parsed as it arrives; `close()` ends it. */
async function openStream(base: string, token: string, onEvent: (e: SseEvent) => void) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events?access_token=${encodeURIComponent(token)}`, {
    signal: abort.signal,
    headers: { accept: "text/event-stream" },
  });
  if (!res.ok || !res.body) throw new Error(`GET /api/events answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let opened!: () => void;
  const connected = new Promise<void>((r) => {
    opened = r;
  });
  (async () => {
    let buf = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        buf += value;
        for (let i = buf.indexOf("\n\n"); i >= 0; i = buf.indexOf("\n\n")) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (block.includes(": connected")) opened();
          let event = "message";
          let data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data += line.slice(6);
          }
          if (data) onEvent({ event, data, at });
        }
      }
    } catch {
      // aborted
    }
  })();
  await connected;
  return { close: () => abort.abort() };
}

function api(base: string, token: string) {
  return async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}

/** CPU ms used so far by the PostgreSQL backends serving `url`'s database (Linux /proc; same machine). */
async function pgBackendsCpu(url: string | undefined): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!url) return out;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) {
      try {
        out.set(pid, cpuMsOf(pid));
      } catch {
        // ended meanwhile
      }
    }
  } finally {
    await c.end();
  }
  return out;
}

/** Waits until `pred` holds, polling each millisecond or so, at most `ms`. */
async function until(pred: () => boolean, ms: number) {
  const end = performance.now() + ms;
  while (!pred()) {
    if (performance.now() > end) return false;
    await sleep(1);
  }
  return true;
}

export async function chatDeliveryBench(): Promise<Figure[]> {
  const server = await startSeededServer("chat-delivery");
  const replica = process.env.BENCH_DATABASE_URL ? await server.startReplica() : null;
  const streamsUrl = replica?.url ?? server.url;
  const where = replica
    ? "2 processes, PostgreSQL"
    : process.env.BENCH_DATABASE_URL
      ? "PostgreSQL"
      : "PGlite";
  const streams: Array<{ close(): void }> = [];
  try {
    const password = (email: string) => {
      const p = server.accounts.get(email);
      if (!p) throw new Error(`the seed has no ${email}`);
      return p;
    };
    const tokenOf = async (email: string) =>
      (await sessionOf(server.url, email, password(email))).accessToken as string;
    const sender = await tokenOf("admin@demo-realty.example");
    const staff = await tokenOf("superadmin@demo-realty.example");
    const member = await tokenOf("employee@demo-realty.example");
    const send = api(server.url, sender);
    const staffApi = api(streamsUrl, staff);

    const thread = await send<{ id: string }>("POST", "/api/chat/threads", { subject: "Delivery bench" });
    console.log(`  ${where}; thread ${thread.id}; load average ${load()}`);

    // Per message (by the index of the send in flight): when each connection got it.
    let current = -1;
    const fanout: number[][] = Array.from({ length: MESSAGES }, () => []);
    const bell: number[][] = Array.from({ length: MESSAGES }, () => []);
    const receiverEvent: number[] = [];
    const onScreen: number[] = [];
    const seenIds = new Set<string>();
    let duplicates = 0;
    let cursor = 0;
    const chatEvent = (e: SseEvent) => {
      if (e.event !== CHAT_EVENT) return false;
      const d = JSON.parse(e.data) as ChatEventData;
      return d.threadId === thread.id && d.reason === "message";
    };

    // The receiver: the staff's screen, catching up by cursor on each event.
    let catchingUp = Promise.resolve();
    const receiver = await openStream(streamsUrl, staff, (e) => {
      if (!chatEvent(e) || current < 0) return;
      const i = current;
      if (receiverEvent[i] === undefined) receiverEvent[i] = e.at;
      catchingUp = catchingUp.then(async () => {
        const page = await staffApi<ChatMessagePage>(
          "GET",
          `/api/chat/threads/${thread.id}/messages?since=${cursor}`,
        );
        cursor = page.cursor;
        const now = performance.now();
        for (const m of page.items) {
          if (seenIds.has(m.id)) duplicates++;
          seenIds.add(m.id);
          if (m.body === `bench message ${i}` && onScreen[i] === undefined) onScreen[i] = now;
        }
      });
    });
    streams.push(receiver);
    cursor = (await staffApi<ChatMessagePage>("GET", `/api/chat/threads/${thread.id}/messages`)).cursor;

    const t0 = performance.now();
    for (let c = 1; c < CLIENTS; c++) {
      let got = -1;
      let rang = -1;
      streams.push(
        await openStream(streamsUrl, member, (e) => {
          if (current < 0) return;
          if (chatEvent(e) && got !== current) {
            got = current;
            fanout[current]?.push(e.at);
          } else if (e.event === NOTIFICATIONS_CHANGED_EVENT && rang !== current) {
            rang = current;
            bell[current]?.push(e.at);
          }
        }),
      );
    }
    console.log(
      `  ${CLIENTS} SSE connections open in ${round(performance.now() - t0)} ms; load average ${load()}`,
    );

    const sentAt: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      current = i;
      sentAt[i] = performance.now();
      await send(
        "POST",
        `/api/chat/threads/${thread.id}/messages`,
        { body: `bench message ${i}` },
        {
          "idempotency-key": randomUUID(),
        },
      );
      await until(
        () =>
          onScreen[i] !== undefined &&
          (fanout[i]?.length ?? 0) >= CLIENTS - 1 &&
          (bell[i]?.length ?? 0) >= CLIENTS - 1,
        5_000,
      );
      await sleep(GAP_MS);
    }
    current = -1;
    await catchingUp;

    const since = (at: Array<number | undefined>) =>
      at.flatMap((t, i) => (t === undefined ? [] : [t - (sentAt[i] as number)]));
    const screen = since(onScreen);
    const event = since(receiverEvent);
    const all = fanout.flatMap((ts, i) => ts.map((t) => t - (sentAt[i] as number)));
    const last = fanout.map((ts, i) => (ts.length ? Math.max(...ts) - (sentAt[i] as number) : Number.NaN));
    const bells = bell.flatMap((ts, i) => ts.map((t) => t - (sentAt[i] as number)));
    const missed = fanout.reduce((n, ts) => n + (CLIENTS - 1 - ts.length), 0);
    const bellMissed = bell.reduce((n, ts) => n + (CLIENTS - 1 - ts.length), 0);
    console.log(`  after the sends: load average ${load()}`);
    for (const s of streams) s.close();
    streams.length = 0;

    // The outbox drain: queued messages sent one at a time, in order, each with its key.
    const queuedThread = await send<{ id: string }>("POST", "/api/chat/threads", { subject: "Queued bench" });
    const url = `/api/chat/threads/${queuedThread.id}/messages`;
    const pids = [server.pid, ...(replica ? [replica.pid] : [])];
    const cpu0 = pids.map(cpuMsOf);
    const pg0 = await pgBackendsCpu(process.env.BENCH_DATABASE_URL);
    const own0 = process.cpuUsage();
    const d0 = performance.now();
    if (DRAIN_ALONE) {
      for (let i = 0; i < QUEUED; i++) {
        await send("POST", url, { body: `queued ${i}` }, { "idempotency-key": randomUUID() });
      }
    } else {
      for (let from = 0; from < QUEUED; from += WRITE_BATCH_MAX) {
        const writes = Array.from({ length: Math.min(WRITE_BATCH_MAX, QUEUED - from) }, (_, j) => ({
          method: "POST",
          url,
          body: { body: `queued ${from + j}` },
          idempotencyKey: randomUUID(),
        }));
        const { answers } = await send<{ answers: BatchWriteAnswer[] }>("POST", CHAT_MESSAGE_BATCH_PATH, {
          writes,
        });
        const created = answers.filter((a) => a.status === 201).length;
        if (created !== writes.length) throw new Error(`a drain batch stored ${created} of ${writes.length}`);
      }
    }
    const drainMs = performance.now() - d0;
    const own = process.cpuUsage(own0);
    const pg1 = await pgBackendsCpu(process.env.BENCH_DATABASE_URL);
    const perMessage = (ms: number) => round(ms / QUEUED);
    const pgMs = [...pg1].reduce((sum, [pid, ms]) => sum + ms - (pg0.get(pid) ?? 0), 0);
    console.log(
      `  drain (${DRAIN_ALONE ? "one POST each" : `batches of ${WRITE_BATCH_MAX}`}) CPU per message: ${pids
        .map((pid, i) => `server ${i + 1} ${perMessage(cpuMsOf(pid) - (cpu0[i] as number))} ms`)
        .join(
          ", ",
        )}${process.env.BENCH_DATABASE_URL ? `, PostgreSQL backends ${perMessage(pgMs)} ms` : ""}, bench ${perMessage((own.user + own.system) / 1000)} ms`,
    );
    const bodies: string[] = [];
    let before: number | null | undefined;
    do {
      const page = await send<ChatMessagePage>(
        "GET",
        `/api/chat/threads/${queuedThread.id}/messages?limit=50${before ? `&before=${before}` : ""}`,
      );
      bodies.unshift(...page.items.map((m: ChatMessageApi) => m.body));
      before = page.older;
    } while (before);
    const inOrder = bodies.length === QUEUED && bodies.every((b, i) => b === `queued ${i}`);
    console.log(
      `  drain of ${QUEUED}: ${bodies.length} read back, in order: ${inOrder}; load average ${load()}`,
    );

    const b = `${BENCH}, ${where}, ${CLIENTS} clients`;
    return [
      { bench: b, metric: "send → staff screen, median", value: round(quantile(screen, 0.5)), unit: "ms" },
      {
        bench: b,
        metric: "send → staff screen, p95",
        value: round(quantile(screen, 0.95)),
        unit: "ms",
        target: { op: "<", value: 200 },
      },
      { bench: b, metric: "send → staff event, median", value: round(quantile(event, 0.5)), unit: "ms" },
      { bench: b, metric: "send → staff event, p95", value: round(quantile(event, 0.95)), unit: "ms" },
      { bench: b, metric: "fan-out event, median", value: round(quantile(all, 0.5)), unit: "ms" },
      { bench: b, metric: "fan-out event, p95", value: round(quantile(all, 0.95)), unit: "ms" },
      { bench: b, metric: "fan-out, last client, p95", value: round(quantile(last, 0.95)), unit: "ms" },
      { bench: b, metric: "fan-out events missed", value: missed, unit: "events" },
      { bench: b, metric: "bell event, median", value: round(quantile(bells, 0.5)), unit: "ms" },
      { bench: b, metric: "bell event, p95", value: round(quantile(bells, 0.95)), unit: "ms" },
      { bench: b, metric: "bell events missed", value: bellMissed, unit: "events" },
      { bench: b, metric: "messages shown twice", value: duplicates, unit: "messages" },
      {
        bench: b,
        metric: `drain ${QUEUED} queued${DRAIN_ALONE ? " (one POST each)" : ""}`,
        value: round(drainMs / 1000),
        unit: "s",
        target: { op: "<", value: 10 },
      },
      { bench: b, metric: "drain read back in order", value: inOrder ? 1 : 0, unit: "yes" },
    ];
  } finally {
    for (const s of streams) s.close();
    await replica?.stop();
    await server.stop();
  }
}

runWhenMain(import.meta.filename, chatDeliveryBench);
