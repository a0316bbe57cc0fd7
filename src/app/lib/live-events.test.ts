import { describe, expect, it } from "vitest";
import { createLiveEvents, eventsUrl, LINGER_MS, type LiveEventsEnv, reconnectDelay } from "./live-events";

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeSource {
  static made: FakeSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(type: string, data: string) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data });
  }
  /** The server refused or ended the stream and the browser gave up (e.g. 401 on an expired token). */
  fail() {
    this.readyState = 2;
    this.onerror?.();
  }
}

function setup(tokens: (string | null)[] = ["t1", "t2", "t3"]) {
  FakeSource.made = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const online = new Set<() => void>();
  let n = 0;
  const env: LiveEventsEnv = {
    EventSource: FakeSource as unknown as typeof EventSource,
    token: async () => tokens[Math.min(n++, tokens.length - 1)] ?? null,
    url: (t) => `/api/events?access_token=${t}`,
    setTimeout: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
    onOnline: (fn) => {
      online.add(fn);
      return () => online.delete(fn);
    },
  };
  /** Runs the timers waiting now (not the ones they set) and lets the token promises settle. */
  const tick = async () => {
    for (const t of timers.splice(0)) if (!t.cleared) t.fn();
    await new Promise((r) => setTimeout(r, 0));
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { live: createLiveEvents(env), timers, online, tick, settle };
}

describe("the page's live channel", () => {
  it("sends the token in the query string, encoded", () => {
    expect(eventsUrl("a.b+c/d")).toBe("/api/events?access_token=a.b%2Bc%2Fd");
  });

  it("waits longer after each failed reconnect, at most 30 s", () => {
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });

  it("opens one stream for every subscriber and hands each its events", async () => {
    const { live, settle } = setup();
    const files: string[] = [];
    const inventory: string[] = [];
    const opened: string[] = [];
    live.subscribe("file-status", (d) => files.push(`page:${d}`));
    live.onOpen(() => opened.push("page"));
    live.subscribe("sync-changed", (d) => inventory.push(`sync:${d}`));
    live.subscribe("file-status", (d) => files.push(`sync:${d}`));
    live.onOpen(() => opened.push("sync"));
    await settle();
    expect(FakeSource.made.map((s) => s.url)).toEqual(["/api/events?access_token=t1"]);
    const source = FakeSource.made[0] as FakeSource;
    source.open();
    expect(live.isConnected()).toBe(true);
    expect(opened).toEqual(["page", "sync"]);
    source.emit("file-status", "f1");
    source.emit("sync-changed", "i1");
    expect(files).toEqual(["page:f1", "sync:f1"]);
    expect(inventory).toEqual(["sync:i1"]);
  });

  it("reopens a closed stream with a fresh token after a growing pause, and tells who listens", async () => {
    const { live, timers, tick, settle } = setup();
    const states: boolean[] = [];
    const opened: number[] = [];
    live.onConnection((c) => states.push(c));
    live.onOpen(() => opened.push(opened.length + 1));
    await settle();
    (FakeSource.made[0] as FakeSource).open();
    (FakeSource.made[0] as FakeSource).fail();
    expect(FakeSource.made[0]?.closed).toBe(true);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    await tick();
    expect(FakeSource.made.map((s) => s.url)).toEqual([
      "/api/events?access_token=t1",
      "/api/events?access_token=t2",
    ]);
    (FakeSource.made[1] as FakeSource).fail();
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    await tick();
    (FakeSource.made[2] as FakeSource).open();
    expect(states).toEqual([false, true, false, true]);
    expect(opened).toEqual([1, 2]);
    // A pause after a success starts short again.
    (FakeSource.made[2] as FakeSource).fail();
    expect(timers.map((t) => t.ms)).toEqual([1000]);
  });

  it("waits for a token (signed out for now) without opening a stream", async () => {
    const { live, timers, tick, settle } = setup([null, "late"]);
    live.subscribe("file-status", () => undefined);
    await settle();
    expect(FakeSource.made).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    await tick();
    expect(FakeSource.made.map((s) => s.url)).toEqual(["/api/events?access_token=late"]);
  });

  it("keeps the stream across a change of subscribers and closes it after the last one left", async () => {
    const { live, timers, tick, settle } = setup();
    const offPage = live.subscribe("file-status", () => undefined);
    await settle();
    (FakeSource.made[0] as FakeSource).open();
    offPage();
    // The next screen subscribes before the linger ends: the same stream goes on.
    const offNext = live.subscribe("file-status", () => undefined);
    await tick();
    expect(FakeSource.made).toHaveLength(1);
    expect(FakeSource.made[0]?.closed).toBe(false);
    offNext();
    offNext();
    expect(timers.map((t) => t.ms)).toEqual([LINGER_MS]);
    await tick();
    expect(FakeSource.made[0]?.closed).toBe(true);
    expect(live.isConnected()).toBe(false);
    // A later subscriber opens a new one.
    live.subscribe("sync-changed", () => undefined);
    await settle();
    expect(FakeSource.made).toHaveLength(2);
  });

  it("reopens at once when the browser comes back online, not at the end of the pause", async () => {
    const { live, online, timers, settle } = setup();
    live.subscribe("file-status", () => undefined);
    await settle();
    // Coming online while the stream is open changes nothing.
    for (const fn of online) fn();
    await settle();
    expect(FakeSource.made).toHaveLength(1);
    (FakeSource.made[0] as FakeSource).fail();
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    for (const fn of online) fn();
    await settle();
    expect(timers[0]?.cleared).toBe(true);
    expect(FakeSource.made.map((s) => s.url)).toEqual([
      "/api/events?access_token=t1",
      "/api/events?access_token=t2",
    ]);
  });
});
