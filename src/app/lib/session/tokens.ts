/** Token storage (spec section 3 keys) and JWT decoding; no signature check — the server is the authority. */
export const ACCESS_TOKEN_KEY = "accessToken";
export const REFRESH_TOKEN_KEY = "refreshToken";

export interface AuthUser {
  id: string;
  email: string;
  displayName: string;
  photo: string | null;
  phoneNumber: string | null;
  createdAt: string | null;
  hasEbayAccount: boolean;
  roles: string[];
  showWelcomePage: boolean;
  companyId: string | null;
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}

interface Claims extends Partial<AuthUser> {
  exp?: number;
}

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function decodeClaims(token: string): Claims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(payload));
    return claims && typeof claims === "object" ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

/** The user of the access token, or null when it cannot be read. */
export function userFromToken(token: string): AuthUser | null {
  const c = decodeClaims(token);
  if (!c || c.id === undefined || typeof c.email !== "string") return null;
  return {
    id: String(c.id),
    email: c.email,
    displayName: c.displayName ?? "",
    photo: c.photo ?? null,
    phoneNumber: c.phoneNumber ?? null,
    createdAt: c.createdAt ?? null,
    hasEbayAccount: c.hasEbayAccount === true,
    roles: Array.isArray(c.roles) ? c.roles.filter((r): r is string => typeof r === "string") : [],
    showWelcomePage: c.showWelcomePage === true,
    companyId: c.companyId != null ? String(c.companyId) : null,
  };
}

/** Expired, unreadable or without exp; `skewSeconds` refreshes a little early. */
export function isTokenExpired(
  token: string | null | undefined,
  skewSeconds = 10,
  now = Date.now(),
): boolean {
  if (!token) return true;
  const exp = decodeClaims(token)?.exp;
  if (typeof exp !== "number") return true;
  return exp * 1000 <= now + skewSeconds * 1000;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export const tokenStore = {
  access: (): string | null => storage()?.getItem(ACCESS_TOKEN_KEY) ?? null,
  refresh: (): string | null => storage()?.getItem(REFRESH_TOKEN_KEY) ?? null,
  save(pair: TokenPair) {
    try {
      storage()?.setItem(ACCESS_TOKEN_KEY, pair.token);
      if (pair.refreshToken) storage()?.setItem(REFRESH_TOKEN_KEY, pair.refreshToken);
    } catch (error) {
      console.error("Could not store tokens", error);
    }
  },
  clear() {
    try {
      storage()?.removeItem(ACCESS_TOKEN_KEY);
      storage()?.removeItem(REFRESH_TOKEN_KEY);
    } catch (error) {
      console.error("Could not clear tokens", error);
    }
  },
};
