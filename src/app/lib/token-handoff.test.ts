import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureHttp, http, refreshTokens } from "./http";
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from "./session/tokens";
import { continuesSession, handOffTokens, takeHandedTokens } from "./token-handoff";

function jwt(claims: Record<string, unknown>) {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${enc({ alg: "HS256" })}.${enc(claims)}.sig`;
}
const nowS = () => Math.floor(Date.now() / 1000);
const token = (id: number, iat: number, ttl = 600) =>
  jwt({ id, email: "a@b.c", roles: [], iat, exp: iat + ttl });

/** A Cache Storage with one cache, enough for the hand-off. */
function fakeCaches() {
  const entries = new Map<string, Response>();
  const cache = {
    put: async (k: string, r: Response) => void entries.set(k, r),
    match: async (k: string) => entries.get(k)?.clone(),
    delete: async (k: string) => entries.delete(k),
  };
  return { open: async () => cache as unknown as Cache, entries };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("token hand-off from the service worker", () => {
  it("is taken once", async () => {
    const store = fakeCaches();
    await handOffTokens({ token: "t", refreshToken: "r" }, store);
    expect(await takeHandedTokens(store)).toEqual({ token: "t", refreshToken: "r" });
    expect(await takeHandedTokens(store)).toBeNull();
  });

  it("continues a session only for the same user and a pair no older than the stored token", () => {
    const t = nowS();
    expect(continuesSession({ token: token(1, t), refreshToken: "r" }, token(1, t - 100))).toBe(true);
    expect(continuesSession({ token: token(1, t - 100), refreshToken: "r" }, token(1, t))).toBe(false);
    expect(continuesSession({ token: token(2, t), refreshToken: "r" }, token(1, t - 100))).toBe(false);
    expect(continuesSession({ token: "garbage", refreshToken: "r" }, null)).toBe(false);
  });
});

describe("the page's refresh after the service worker rotated the session", () => {
  let local: Map<string, string>;
  let fetchMock: ReturnType<typeof vi.fn>;
  let store: ReturnType<typeof fakeCaches>;
  beforeEach(() => {
    local = new Map();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (k: string) => local.get(k) ?? null,
        setItem: (k: string, v: string) => local.set(k, v),
        removeItem: (k: string) => local.delete(k),
      },
    });
    store = fakeCaches();
    vi.stubGlobal("caches", store);
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    configureHttp({});
  });
  afterEach(() => vi.unstubAllGlobals());

  it("uses the handed pair instead of its spent refresh token", async () => {
    const t = nowS();
    local.set(ACCESS_TOKEN_KEY, token(1, t - 1000, 600)); // expired
    local.set(REFRESH_TOKEN_KEY, "r1-spent-by-the-sw");
    const handed = token(1, t - 5);
    await handOffTokens({ token: handed, refreshToken: "r2" }, store);
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await http.get("/api/x");
    // no refresh request at all: the handed access token is still valid
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(["/api/x"]);
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit | undefined)?.headers).toMatchObject({
      Authorization: `Bearer ${handed}`,
    });
    expect(local.get(REFRESH_TOKEN_KEY)).toBe("r2");
  });

  it("refreshes with the handed refresh token when the handed access token has expired too", async () => {
    const t = nowS();
    local.set(ACCESS_TOKEN_KEY, token(1, t - 3000, 600));
    local.set(REFRESH_TOKEN_KEY, "r1");
    await handOffTokens({ token: token(1, t - 2000, 600), refreshToken: "r2" }, store);
    fetchMock.mockResolvedValueOnce(json(200, { token: token(1, t), refreshToken: "r3" }));
    const pair = await refreshTokens();
    expect(pair.refreshToken).toBe("r3");
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit | undefined)?.body))).toEqual({
      refresh_token: "r2",
    });
  });

  it("ignores a pair of an earlier session after a new sign-in", async () => {
    const t = nowS();
    local.set(ACCESS_TOKEN_KEY, token(1, t - 10, 5)); // the new session's token, expired
    local.set(REFRESH_TOKEN_KEY, "new-session");
    await handOffTokens({ token: token(1, t - 500), refreshToken: "old-session" }, store);
    fetchMock.mockResolvedValueOnce(json(200, { token: token(1, t), refreshToken: "new-2" }));
    await refreshTokens();
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit | undefined)?.body))).toEqual({
      refresh_token: "new-session",
    });
    expect(await takeHandedTokens(store)).toBeNull();
  });
});
