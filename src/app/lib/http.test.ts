import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SELLER_COMPANY_HEADER } from "../../domain/marketplace";
import { configureHttp, HttpError, http, setSellerScope } from "./http";
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from "./session/tokens";

function jwt(claims: Record<string, unknown>) {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${enc({ alg: "HS256" })}.${enc(claims)}.sig`;
}
const nowS = () => Math.floor(Date.now() / 1000);
const fresh = (n = 1) => jwt({ id: n, email: "a@b.c", roles: [], exp: nowS() + 600 });
const expired = () => jwt({ id: 1, email: "a@b.c", roles: [], exp: nowS() - 60 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let store: Map<string, string>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  store = new Map();
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
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function initOf(call: number): RequestInit {
  const args = fetchMock.mock.calls[call];
  if (!args) throw new Error(`no fetch call #${call}`);
  return args[1] as RequestInit;
}
const authHeader = (call: number) => initOf(call).headers as Record<string, string>;

describe("http client", () => {
  it("sends the bearer token and a JSON body", async () => {
    const token = fresh();
    store.set(ACCESS_TOKEN_KEY, token);
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(http.post("/api/x", { a: 1 })).resolves.toEqual({ ok: true });
    const init = initOf(0);
    expect(authHeader(0).Authorization).toBe(`Bearer ${token}`);
    expect(authHeader(0)["Content-Type"]).toBe("application/json");
    expect(init.body).toBe('{"a":1}');
  });

  it("names the seller company on inventory paths in a seller scope, and on any path when asked", async () => {
    store.set(ACCESS_TOKEN_KEY, fresh());
    fetchMock.mockImplementation(async () => json(200, {}));
    const seller = "01a21a01-c243-76a6-8615-0393ed8a6fc4";
    setSellerScope(seller);
    try {
      await http.get("/api/inventory/items");
      await http.get("/api/ebay/listings"); // not an inventory path: not by the page's scope
      await http.get("/api/ebay/listings", { sellerCompany: seller }); // an item's eBay reads
      await http.get("/api/inventory/items", { sellerCompany: null }); // the sync transport's own
    } finally {
      setSellerScope(null);
    }
    expect([0, 1, 2, 3].map((i) => authHeader(i)[SELLER_COMPANY_HEADER] ?? null)).toEqual([
      seller,
      null,
      seller,
      null,
    ]);
  });

  it("does not set a JSON content type for form data", async () => {
    store.set(ACCESS_TOKEN_KEY, fresh());
    fetchMock.mockResolvedValueOnce(json(200, {}));
    const form = new FormData();
    form.append("f", "x");
    await http.post("/api/file/upload", form);
    expect(authHeader(0)["Content-Type"]).toBeUndefined();
    expect(initOf(0).body).toBe(form);
  });

  it("refreshes an expired token before the call, once for concurrent calls", async () => {
    store.set(ACCESS_TOKEN_KEY, expired());
    store.set(REFRESH_TOKEN_KEY, "r1");
    const next = fresh(2);
    const refreshed = vi.fn();
    configureHttp({ onTokenRefreshed: refreshed });
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith("/auth-jwt/token/refresh")
        ? json(200, { token: next, refreshToken: "r2" })
        : json(200, [1]),
    );
    await Promise.all([http.get("/api/a"), http.get("/api/b"), http.get("/api/c")]);
    const refreshCalls = fetchMock.mock.calls.filter(([u]) => String(u).endsWith("/token/refresh"));
    expect(refreshCalls).toHaveLength(1);
    const refreshIndex = fetchMock.mock.calls.findIndex(([u]) => String(u).endsWith("/token/refresh"));
    expect(JSON.parse(String(initOf(refreshIndex).body))).toEqual({ refresh_token: "r1" });
    expect(store.get(ACCESS_TOKEN_KEY)).toBe(next);
    expect(store.get(REFRESH_TOKEN_KEY)).toBe("r2");
    expect(refreshed).toHaveBeenCalledTimes(1);
    const apiCall = fetchMock.mock.calls.findIndex(([u]) => String(u) === "/api/a");
    expect(authHeader(apiCall).Authorization).toBe(`Bearer ${next}`);
  });

  it("reuses tokens another tab refreshed while this one waited for the lock", async () => {
    store.set(ACCESS_TOKEN_KEY, expired());
    store.set(REFRESH_TOKEN_KEY, "r1");
    const otherTabs = fresh(3);
    vi.stubGlobal("navigator", {
      locks: {
        request: async (_name: string, fn: () => Promise<unknown>) => {
          // The other tab holds the lock, refreshes and stores its new pair first.
          store.set(ACCESS_TOKEN_KEY, otherTabs);
          store.set(REFRESH_TOKEN_KEY, "r2");
          return fn();
        },
      },
    });
    fetchMock.mockResolvedValue(json(200, { ok: 1 }));
    await http.get("/api/x");
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(["/api/x"]);
    expect(authHeader(0).Authorization).toBe(`Bearer ${otherTabs}`);
  });

  it("on a 401 refreshes once and retries", async () => {
    store.set(ACCESS_TOKEN_KEY, fresh(1));
    store.set(REFRESH_TOKEN_KEY, "r1");
    const next = fresh(2);
    fetchMock
      .mockResolvedValueOnce(json(401, { statusCode: 401, message: "expired" }))
      .mockResolvedValueOnce(json(200, { token: next, refreshToken: "r2" }))
      .mockResolvedValueOnce(json(200, { done: true }));
    await expect(http.get("/api/me")).resolves.toEqual({ done: true });
    expect(authHeader(2).Authorization).toBe(`Bearer ${next}`);
  });

  it("reports a failed refresh and does not retry again", async () => {
    store.set(ACCESS_TOKEN_KEY, fresh(1));
    store.set(REFRESH_TOKEN_KEY, "bad");
    const failed = vi.fn();
    configureHttp({ onRefreshFailed: failed });
    fetchMock
      .mockResolvedValueOnce(json(401, { message: "expired" }))
      .mockResolvedValueOnce(json(401, { message: "Invalid refresh token" }));
    await expect(http.get("/api/me")).rejects.toMatchObject({
      status: 401,
      message: "Invalid refresh token",
    });
    expect(failed).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("calls the forbidden hook on 403 and carries the server message", async () => {
    store.set(ACCESS_TOKEN_KEY, fresh());
    const forbidden = vi.fn();
    configureHttp({ onForbidden: forbidden });
    fetchMock.mockResolvedValueOnce(json(403, { statusCode: 403, error: "Forbidden", message: "Not yours" }));
    const err = await http.get("/api/admin").catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 403, message: "Not yours", code: "ERR_BAD_REQUEST" });
    expect(forbidden).toHaveBeenCalledOnce();
  });

  it("anonymous calls hand a 401 body back to the caller without refreshing", async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { message: "Email not confirmed", code: "EMAIL_NOT_CONFIRMED" }),
    );
    const err = await http
      .post("/auth-jwt/connect/google/check", { email: "a", password: "b" }, { anonymous: true })
      .catch((e) => e);
    expect(err).toMatchObject({ status: 401, serverCode: "EMAIL_NOT_CONFIRMED" });
    expect(authHeader(0).Authorization).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a network failure is an error with status 0", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(http.get("/api/x", { anonymous: true })).rejects.toMatchObject({
      status: 0,
      code: "ERR_NETWORK",
      message: "No response received from server",
    });
  });
});
