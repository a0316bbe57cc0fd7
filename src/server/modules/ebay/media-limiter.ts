/**
 * eBay's short-duration limit on the Media API's POST methods: 50 per 5 s per user
 * (createImageFromFile). Every upload of a seller's photos goes through one limiter.
 */
const MEDIA_WINDOW_MS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A limiter shared by every upload for one seller: at most `limit` at once (EBAY_MEDIA_CONCURRENCY)
 * and never more than `perWindow` (EBAY_MEDIA_RATE) that eBay could count in one 5 s window, so
 * a run stays under eBay's limit instead of leaning on its 429s. eBay counts a request somewhere
 * between our sending it and its answer arriving, so a request counts here from its start until
 * 5 s after its answer: a new one starts only while fewer than `perWindow` are in flight or
 * answered within the last 5 s (counting from the start alone let travel-time jitter put 51 in
 * eBay's window). One eBay job per company runs at a time, and it sends both a publish's photos
 * and the photos sent ahead: this is the seller's Media traffic.
 */
export function mediaLimiter(limit: number, perWindow: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  const answered: number[] = [];
  let gate = Promise.resolve();
  /** Waits for room in eBay's window (one caller at a time, in order), then counts the request. */
  const slot = () => {
    const mine = gate.then(async () => {
      for (;;) {
        const now = Date.now();
        while (answered.length && (answered[0] as number) <= now - MEDIA_WINDOW_MS) answered.shift();
        if (inFlight + answered.length < perWindow) break;
        const free = answered.length ? (answered[0] as number) + MEDIA_WINDOW_MS - now + 1 : 50;
        await sleep(Math.max(1, Math.min(free, 50)));
      }
      inFlight++;
    });
    gate = mine;
    return mine;
  };
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      await slot();
      try {
        return await fn();
      } finally {
        inFlight--;
        answered.push(Date.now());
      }
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export type MediaUpload = ReturnType<typeof mediaLimiter>;
