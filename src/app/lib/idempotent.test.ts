import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureHttp, HttpError } from "./http";
import {
  clearIdempotencyKeys,
  IDEMPOTENCY_HEADER,
  idempotentPost,
  KEY_LIFETIME_MS,
  pendingIdempotencyKey,
  requestFingerprint,
} from "./idempotent";
import { ACCESS_TOKEN_KEY } from "./session/tokens";

function jwt(claims: Record<string, unknown>) {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${enc({ alg: "HS256" })}.${enc(claims)}.sig`;
}
const token = () => jwt({ id: 1, email: "a@b.c", roles: [], exp: Math.floor(Date.now() / 1000) + 600 });

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const inFlight = () =>
  json(
    409,
    { message: "A request with this Idempotency-Key is still being processed", code: "IN_FLIGHT" },
    { "retry-after": "1" },
  );
const networkDown = () => Promise.reject(new TypeError("Failed to fetch"));

let fetchMock: ReturnType<typeof vi.fn>;
let waits: number[];
const sleep = async (ms: number) => {
  waits.push(ms);
};
const PATH = "/api/quotes/q1/accept";

/** The Idempotency-Key header of fetch call number `n`. */
function keyOf(n: number): string | undefined {
  const init = fetchMock.mock.calls[n]?.[1] as RequestInit | undefined;
  if (!init) throw new Error(`no fetch call #${n}`);
  return (init.headers as Record<string, string>)[IDEMPOTENCY_HEADER];
}

beforeEach(() => {
  const store = new Map<string, string>([[ACCESS_TOKEN_KEY, token()]]);
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    },
  });
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  configureHttp({});
  clearIdempotencyKeys();
  waits = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("idempotent writes", () => {
  it("sends an Idempotency-Key and returns the answer", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: 1 }));
    await expect(idempotentPost(PATH, undefined, { sleep })).resolves.toEqual({ ok: 1 });
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("retries a lost answer (network error) with the same key and returns the replayed answer", async () => {
    fetchMock
      .mockImplementationOnce(networkDown)
      .mockImplementationOnce(networkDown)
      .mockResolvedValueOnce(json(200, { invoice: "i1" }));
    await expect(idempotentPost(PATH, undefined, { sleep })).resolves.toEqual({ invoice: "i1" });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).toBe(keyOf(0));
    expect(waits).toEqual([500, 1000]);
  });

  it("after a 409 'still being processed' waits per Retry-After and retries with the same key", async () => {
    fetchMock
      .mockResolvedValueOnce(inFlight())
      .mockResolvedValueOnce(
        json(409, { message: "still being processed", code: "IN_FLIGHT" }, { "retry-after": "3" }),
      )
      .mockResolvedValueOnce(json(201, { id: "f1" }));
    await expect(idempotentPost("/api/filings", { propertyId: "p", year: 2026 }, { sleep })).resolves.toEqual(
      { id: "f1" },
    );
    expect(waits).toEqual([1000, 3000]);
    expect(new Set([keyOf(0), keyOf(1), keyOf(2)]).size).toBe(1);
  });

  it("gives a new click a new key after a success", async () => {
    fetchMock.mockResolvedValueOnce(json(200, {})).mockResolvedValueOnce(json(200, {}));
    await idempotentPost(PATH, undefined, { sleep });
    await idempotentPost(PATH, undefined, { sleep });
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(pendingIdempotencyKey(requestFingerprint("POST", PATH))).toBeUndefined();
  });

  it("gives a new click a new key after a 4xx, which is not retried", async () => {
    fetchMock
      .mockResolvedValueOnce(json(409, { message: "This quote is accepted" }))
      .mockResolvedValueOnce(json(200, {}));
    await expect(idempotentPost(PATH, undefined, { sleep })).rejects.toMatchObject({
      status: 409,
      message: "This quote is accepted",
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await idempotentPost(PATH, undefined, { sleep });
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it("surfaces a 422 (key used for another request) with the server's message and drops the key", async () => {
    const message =
      "This Idempotency-Key was already used for a different request; use a new key for a new request";
    fetchMock.mockResolvedValueOnce(json(422, { message })).mockResolvedValueOnce(json(200, {}));
    const err = await idempotentPost(PATH, undefined, { sleep }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(422);
    expect((err as HttpError).message).toBe(message);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await idempotentPost(PATH, undefined, { sleep });
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it("keeps the key when the tries run out without an answer: the user's next click reuses it", async () => {
    fetchMock.mockImplementation(networkDown);
    await expect(idempotentPost(PATH, undefined, { sleep, attempts: 3 })).rejects.toMatchObject({
      code: "ERR_NETWORK",
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const firstKey = keyOf(0);
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(json(200, { replayed: true }));
    await expect(idempotentPost(PATH, undefined, { sleep })).resolves.toEqual({ replayed: true });
    expect(keyOf(0)).toBe(firstKey);
  });

  it("a changed request (other body) gets its own key, not the pending one of the old body", async () => {
    fetchMock.mockImplementation(networkDown);
    await expect(
      idempotentPost("/api/filings/f1/answer", { version: 3, message: "a" }, { sleep, attempts: 1 }),
    ).rejects.toMatchObject({ code: "ERR_NETWORK" });
    const first = keyOf(0);
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await idempotentPost("/api/filings/f1/answer", { version: 3, message: "ab" }, { sleep });
    expect(keyOf(0)).not.toBe(first);
    expect(
      pendingIdempotencyKey(
        requestFingerprint("POST", "/api/filings/f1/answer", { version: 3, message: "a" }),
      ),
    ).toBe(first);
  });

  it("a double click while the first is running shares its key, so the server acts once", async () => {
    let answerFirst: (r: Response) => void = () => {};
    fetchMock
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce(inFlight())
      .mockResolvedValueOnce(json(200, { invoice: "i1" }));
    const first = idempotentPost(PATH, undefined, { sleep });
    const second = idempotentPost(PATH, undefined, { sleep });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    answerFirst(json(200, { invoice: "i1" }));
    await expect(first).resolves.toEqual({ invoice: "i1" });
    await expect(second).resolves.toEqual({ invoice: "i1" });
    expect(new Set([keyOf(0), keyOf(1), keyOf(2)]).size).toBe(1);
  });

  it("does not reuse a pending key older than the server keeps keys", async () => {
    let clock = 1_000_000;
    const now = () => clock;
    fetchMock.mockImplementation(networkDown);
    await expect(idempotentPost(PATH, undefined, { sleep, now, attempts: 1 })).rejects.toBeInstanceOf(
      HttpError,
    );
    clock += KEY_LIFETIME_MS;
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(json(200, {}));
    const before = pendingIdempotencyKey(requestFingerprint("POST", PATH));
    await idempotentPost(PATH, undefined, { sleep, now });
    expect(keyOf(0)).not.toBe(before);
  });

  it("does not retry a cancelled request or a 500, and keeps the key for the next click", async () => {
    fetchMock.mockResolvedValueOnce(json(500, { message: "boom" }));
    await expect(idempotentPost(PATH, undefined, { sleep })).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(pendingIdempotencyKey(requestFingerprint("POST", PATH))).toBe(keyOf(0));
    fetchMock.mockImplementationOnce(() => Promise.reject(new DOMException("stop", "AbortError")));
    await expect(idempotentPost(PATH, undefined, { sleep })).rejects.toMatchObject({ code: "ERR_CANCELED" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it("a 403 (no company to hold the key) is sent once more without the key; a second 403 goes to the forbidden page", async () => {
    const onForbidden = vi.fn();
    configureHttp({ onForbidden });
    fetchMock
      .mockResolvedValueOnce(json(403, { message: "You are not a member of any company" }))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    await expect(idempotentPost(PATH, undefined, { sleep })).resolves.toEqual({ ok: 1 });
    expect(keyOf(0)).toBeDefined();
    expect(keyOf(1)).toBeUndefined();
    expect(onForbidden).not.toHaveBeenCalled();

    fetchMock
      .mockResolvedValueOnce(json(403, { message: "Forbidden" }))
      .mockResolvedValueOnce(json(403, { message: "Forbidden" }));
    await expect(idempotentPost(PATH, undefined, { sleep })).rejects.toMatchObject({ status: 403 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });
});
