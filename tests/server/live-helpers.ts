import { expect } from "vitest";

/** One Server-Sent Events stream read the way EventSource does (token in the query string). */
export interface LiveStream {
  events: { event: string; data: Record<string, unknown> }[];
  /** When the server ended the stream (ms since epoch), or null while it is open. */
  endedAt: number | null;
  close(): void;
  of(event: string): Record<string, unknown>[];
}

export async function openStream(base: string, token: string): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events?access_token=${encodeURIComponent(token)}`, {
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const stream: LiveStream = {
    events: [],
    endedAt: null,
    close: () => controller.abort(),
    of: (event) => stream.events.filter((e) => e.event === event).map((e) => e.data),
  };
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let raw = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        raw += decoder.decode(value, { stream: true });
        let cut = raw.indexOf("\n\n");
        while (cut !== -1) {
          const block = raw.slice(0, cut);
          raw = raw.slice(cut + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event) stream.events.push({ event, data: data ? JSON.parse(data) : {} });
          cut = raw.indexOf("\n\n");
        }
      }
      stream.endedAt = Date.now();
    } catch {
      // aborted by the test
    }
  })();
  return stream;
}

export async function until(check: () => boolean, ms: number, what = "condition") {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
