/**
 * Where the app may send someone after signing in or confirming their address: a path on
 * this site only (never another origin), so a crafted link cannot redirect away. The app
 * checks it when it reads a `returnTo`; the server checks it before putting one into a
 * confirmation mail's link (docs/company.md, invitations).
 */

/** The longest return path kept (a link in a mail must stay short). */
export const MAX_RETURN_PATH = 1000;

/** The path (with its query and fragment) when `value` is a same-origin path, else null. */
export function safeReturnPath(value: unknown): string | null {
  if (
    typeof value !== "string" ||
    value.length > MAX_RETURN_PATH ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\") ||
    // Control characters (a URL parser drops tabs and newlines, which could turn "/\t/x" into "//x").
    [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  ) {
    return null;
  }
  try {
    const url = new URL(value, "http://x.invalid");
    return url.origin === "http://x.invalid" ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
