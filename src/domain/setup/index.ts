/**
 * The first administrator's setup page (/setup, issue 24): its API and the shape of the setup
 * code the server prints in its console, shared by the server (src/server/modules/setup) and the
 * page (src/app/features/setup).
 */

/** GET: `{ open }`; POST: `{ code, displayName, email, password }` creates the first super admin. */
export const SETUP_PATH = "/api/setup";

/** Where the product's address sends people while setup is open. */
export const SETUP_PAGE = "/setup";

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const SETUP_CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY";
export const SETUP_CODE_GROUPS = 3;
export const SETUP_CODE_GROUP_LENGTH = 4;

/** The longest a typed code may be (groups, dashes and some spaces). */
export const SETUP_CODE_MAX_LENGTH = 40;
