/** The five auth-provider kinds of the spec; "google" (with email + password) is the one in use. */
export type Issuer = "google" | "jwt" | "firebase" | "auth0" | "amplify";
export const ACTIVE_ISSUER: Issuer = "google";

export const LOGIN_PATH = "/auth/google/login";
export const REGISTER_PATH = "/auth/google/data-user-register-for-login";
/** Where a signed-in user lands: the invoice/import dashboard route. */
export const HOME_AFTER_LOGIN = "/dashboard/import-file";
