import { t } from "@lingui/core/macro";
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { hasAnyRole, type Role } from "../../../domain/roles";
import { hasAnalyticsConsent } from "../../lib/cookie-consent";
import { errorMessage } from "../../lib/error-message";
import { configureHttp, HttpError, refreshTokens } from "../../lib/http";
import {
  ACCESS_TOKEN_KEY,
  isTokenExpired,
  type TokenPair,
  tokenStore,
  userFromToken,
} from "../../lib/session/tokens";
import { toast } from "../../ui/toast";
import { authApi, clarityIdFromCookie, type RegisterInput } from "./auth-api";
import { AuthContext, type AuthContextValue, type AuthState } from "./auth-context";
import { claimDevice, forgetDeviceData } from "./device-owner";
import { ACTIVE_ISSUER } from "./issuer";

type Action =
  | { type: "INITIALIZE"; token: string | null }
  | { type: "SIGN_IN"; token: string }
  | { type: "REGISTER"; token: string }
  | { type: "TOKEN_REFRESHED"; token: string }
  | { type: "SIGN_OUT" };

const initialState: AuthState = { isAuthenticated: false, isInitialized: false, user: null, token: null };
const guestState: AuthState = { ...initialState, isInitialized: true };

/**
 * The state the provider starts in: a stored session that is still valid is read at once, so
 * the first render is the signed-in page's and not a splash the whole app renders again after
 * (one render of the frame less on every signed-in first load, issue 19). Anything else (no
 * session, an expired one to refresh) starts uninitialised and is settled on mount.
 */
function startingState(assumeGuest: boolean): AuthState {
  if (assumeGuest) return guestState;
  const token = usableStoredToken();
  return token ? { ...withToken(initialState, token), isInitialized: true } : initialState;
}

/** The stored access token when it is unexpired and names a user; null otherwise. */
function usableStoredToken(): string | null {
  const token = tokenStore.access();
  return token && !isTokenExpired(token) && userFromToken(token) ? token : null;
}

function withToken(state: AuthState, token: string | null): AuthState {
  const user = token ? userFromToken(token) : null;
  return { ...state, isAuthenticated: user !== null, user, token: user ? token : null };
}

function authReducer(state: AuthState, action: Action): AuthState {
  switch (action.type) {
    case "INITIALIZE":
      // A hydrated guest page that finds no session, or a session already read from storage
      // when the provider was created, stays as it is (no re-render).
      if (state.isInitialized && state.token === action.token) return state;
      return { ...withToken(state, action.token), isInitialized: true };
    case "SIGN_IN":
    case "REGISTER":
    case "TOKEN_REFRESHED":
      return withToken(state, action.token);
    case "SIGN_OUT":
      return { ...state, isAuthenticated: false, user: null, token: null };
  }
}

/** After a sign-in: send the analytics id, ask the browser to keep our offline data. */
function afterSignIn() {
  // Clarity's cookie exists only after analytics consent (ClarityAnalytics.tsx); checked again here.
  const clarityId = hasAnalyticsConsent() ? clarityIdFromCookie() : null;
  if (clarityId) authApi.postClarity(clarityId).catch((e) => console.warn("Clarity id not sent", e));
  try {
    if (!sessionStorage.getItem("app.persistAsked") && navigator.storage?.persist) {
      sessionStorage.setItem("app.persistAsked", "1");
      void navigator.storage.persisted().then((done) => (done ? true : navigator.storage.persist()));
    }
  } catch (error) {
    console.warn("Persistent storage request failed", error);
  }
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Client-side navigation (the provider sits outside the router). */
  navigate(to: string, options?: { replace?: boolean }): Promise<void> | void;
  /**
   * Start as an initialised guest instead of showing the splash screen: the state a
   * prerendered page was rendered in, so hydration matches it. The stored session is still
   * read on mount (main.tsx only hydrates when no token is stored).
   */
  assumeGuest?: boolean;
}

export function AuthProvider({ children, navigate, assumeGuest = false }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, assumeGuest, startingState);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const endSession = useCallback(() => {
    tokenStore.clear();
    dispatch({ type: "SIGN_OUT" });
  }, []);

  useEffect(() => {
    configureHttp({
      onTokenRefreshed: (pair) => dispatch({ type: "TOKEN_REFRESHED", token: pair.token }),
      onRefreshFailed: (error) => {
        toast.error(t`Token refresh failed: ${error.message}`);
        tokenStore.clear();
        void Promise.resolve(navigateRef.current("/401", { replace: true })).finally(endSession);
      },
      onForbidden: () => navigateRef.current("/403"),
    });
    return () => configureHttp({});
  }, [endSession]);

  const initialize = useCallback(async () => {
    const usable = usableStoredToken();
    if (usable) {
      dispatch({ type: "INITIALIZE", token: usable });
      return;
    }
    const token = tokenStore.access();
    if (!tokenStore.refresh()) {
      dispatch({ type: "INITIALIZE", token: null });
      return;
    }
    try {
      const pair = await refreshTokens();
      dispatch({ type: "INITIALIZE", token: pair.token });
    } catch (error) {
      if (error instanceof HttpError && !error.hasResponse && token) {
        // Offline: keep the known user so cached screens still open; calls refresh when back online.
        dispatch({ type: "INITIALIZE", token });
        return;
      }
      tokenStore.clear();
      dispatch({ type: "INITIALIZE", token: null });
    }
  }, []);

  useEffect(() => {
    void initialize();
  }, [initialize]);

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== ACCESS_TOKEN_KEY && e.key !== null) return;
      const token = tokenStore.access();
      if (token) dispatch({ type: "TOKEN_REFRESHED", token });
      else dispatch({ type: "SIGN_OUT" });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const completeSignIn = useCallback(async (pair: TokenPair, kind: "SIGN_IN" | "REGISTER") => {
    const user = userFromToken(pair.token);
    if (user) await claimDevice(user.id);
    tokenStore.save(pair);
    dispatch({ type: kind, token: pair.token });
    afterSignIn();
  }, []);

  const signInWith = useCallback(
    async (call: () => Promise<TokenPair>) => {
      try {
        await completeSignIn(await call(), "SIGN_IN");
        toast.success(t`Login successful`);
      } catch (error) {
        toast.error(t`Login failed: ${errorMessage(error)}`);
        throw error;
      }
    },
    [completeSignIn],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      issuer: ACTIVE_ISSUER,
      initialize,
      signInWithGoogle: (credential) => signInWith(() => authApi.signInWithGoogle(credential)),
      signInWithEmailAndPassword: (email, password) =>
        signInWith(() => authApi.signInWithPassword(email, password)),
      async signOut({ redirectHome = true } = {}) {
        try {
          await authApi.logout(tokenStore.refresh(), tokenStore.access());
        } catch (error) {
          // The local session ends anyway; an offline sign-out cannot reach the server.
          if (error instanceof HttpError && error.hasResponse) toast.error(t`Something went wrong!`);
          console.error("Logout call failed", error);
        }
        // Leave a guarded page first: ending the session on it would send the user to the login.
        tokenStore.clear();
        if (redirectHome) await navigateRef.current("/");
        // The next person on this device must not see this user's data (the dashboard is left).
        await forgetDeviceData();
        endSession();
      },
      async refreshToken() {
        const pair = await refreshTokens();
        dispatch({ type: "TOKEN_REFRESHED", token: pair.token });
      },
      async register(input: RegisterInput) {
        try {
          const res = await authApi.register(input);
          toast.success(t`Registration successful`);
          return res.email ?? input.email;
        } catch (error) {
          toast.error(registrationErrorMessage(error));
          throw error;
        }
      },
      async registerAfterConfirmation(hash) {
        await completeSignIn(await authApi.confirmEmail(hash), "REGISTER");
        toast.success(t`Registration successful`);
      },
      async forgotPassword(email) {
        try {
          await authApi.forgotPassword(email);
          toast.success(t`Password reset link has been sent to your email`);
          return true;
        } catch (error) {
          toast.error(forgotPasswordErrorMessage(error));
          return false;
        }
      },
      async resetPassword(token, password) {
        try {
          await authApi.resetPassword(token, password);
          toast.success(t`Password reset now you can sign in`);
          return true;
        } catch (error) {
          const failed = error instanceof HttpError && error.hasResponse;
          toast.error(failed ? t`Failed to reset password` : t`An error occurred during password reset`);
          return false;
        }
      },
      hasRole: (roles: readonly Role[]) => hasAnyRole(state.user, roles),
    }),
    [state, initialize, signInWith, completeSignIn, endSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Spec section 8: registration error wording by status. */
export function registrationErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (!error.hasResponse) return t`No response received from server`;
    if (error.status === 400) return t`Bad Request: ${error.message}`;
    if (error.status === 409) return t`Conflict: ${error.message}`;
  }
  const detail =
    error instanceof Error && error.message ? error.message : t`An error occurred during registration`;
  return t`Error: ${detail}`;
}

/** Spec section 8: forgot-password error wording by status. */
export function forgotPasswordErrorMessage(error: unknown): string {
  if (error instanceof HttpError && error.hasResponse) {
    if (error.status === 400) return t`Invalid email address`;
    if (error.status === 404) return t`User not found`;
    return t`Failed to send password reset email`;
  }
  return t`An error occurred during password reset`;
}
