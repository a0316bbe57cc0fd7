import { createContext, useContext } from "react";
import type { Role } from "../../../domain/roles";
import type { AuthUser } from "../../lib/session/tokens";
import type { RegisterInput } from "./auth-api";
import type { Issuer } from "./issuer";

export interface AuthState {
  isAuthenticated: boolean;
  isInitialized: boolean;
  user: AuthUser | null;
  token: string | null;
}

export interface AuthContextValue extends AuthState {
  issuer: Issuer;
  initialize(): Promise<void>;
  signInWithGoogle(credential: string): Promise<void>;
  signInWithEmailAndPassword(email: string, password: string): Promise<void>;
  signOut(options?: { redirectHome?: boolean }): Promise<void>;
  refreshToken(): Promise<void>;
  /** Creates the account; the server mails a confirmation link. Resolves with the address it went to. */
  register(input: RegisterInput): Promise<string>;
  /** Confirms the e-mail link and signs the user in. */
  registerAfterConfirmation(hash: string): Promise<void>;
  forgotPassword(email: string): Promise<boolean>;
  resetPassword(token: string, password: string): Promise<boolean>;
  hasRole(roles: readonly Role[]): boolean;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used inside <AuthProvider>");
  return ctx;
}
