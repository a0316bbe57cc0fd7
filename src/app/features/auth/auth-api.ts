/** The server's auth calls (see the brief in docs/frontend.md). */
import { safeReturnPath } from "../../../domain/return-path";
import { http } from "../../lib/http";
import type { TokenPair } from "../../lib/session/tokens";

export interface RegisterInput {
  email: string;
  password: string;
  displayName: string;
  companyName?: string;
  /** A same-origin path the confirmation link leads back to (e.g. the invitation). */
  returnTo?: string;
}

const anon = { anonymous: true } as const;

export const authApi = {
  signInWithGoogle: (credential: string) =>
    http.post<TokenPair>("/auth-jwt/connect/google/check", { token: credential }, anon),
  signInWithPassword: (email: string, password: string) =>
    http.post<TokenPair>("/auth-jwt/connect/google/check", { email, password }, anon),
  register: (input: RegisterInput) =>
    http.post<{ message: string; email: string }>("/auth-jwt/register", input, anon),
  confirmEmail: (hash: string) => http.post<TokenPair>("/auth-jwt/confirm-email", { hash }, anon),
  resendConfirmation: (by: ({ hash: string } | { email: string }) & { returnTo?: string }) =>
    http.post<{ message?: string }>("/auth-jwt/resend-confirmation-email", by, anon),
  forgotPassword: (email: string) =>
    http.post<{ message?: string }>("/auth-jwt/forgot-password", { email }, anon),
  resetPassword: (token: string, password: string) =>
    http.post<{ message?: string }>("/auth-jwt/reset-password", { token, password }, anon),
  logout: (refreshToken: string | null, accessToken: string | null) =>
    http.post("/auth-jwt/logout", refreshToken ? { refresh_token: refreshToken } : undefined, {
      anonymous: true,
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined,
    }),
  postClarity: (clarityId: string) => http.post("/api/trade/user-property/clarity", { clarityId }),
  /** What the server offers the sign-in page (the Google client id when it has one). */
  publicConfig: () => http.get<{ googleClientId?: string | null }>("/api/config", anon),
};

/** The analytics cookie `_clck` holds "<clarityId>|..."; its id is sent after login and registration. */
export function clarityIdFromCookie(cookie: string = typeof document === "undefined" ? "" : document.cookie) {
  const match = /(?:^|;\s*)_clck=([^;]+)/.exec(cookie);
  if (!match?.[1]) return null;
  const id = decodeURIComponent(match[1]).split("|")[0]?.trim();
  return id || null;
}

/** Only same-origin paths are accepted as a place to go after login (src/domain/return-path.ts). */
export const safeReturnTo = safeReturnPath;
