/** Most verified access tokens remembered per secret (about 1.5 KB each with their claims). */
const VERIFIED_TOKENS_MAX = 10_000;

/** The current time as JWT numeric dates count it: whole seconds, as jose checks `exp`. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Access tokens already verified, by their exact text, with the claims verification answered
 * and their expiry. A token is verified once and then served from here until it expires, so
 * the HMAC of every request is skipped (docs/security.md, "Access tokens"). Bounded: the least
 * recently used token is forgotten past `max`. Only valid tokens are kept; a refused one (a
 * changed character is another text) is verified again every time.
 */
export class VerifiedTokens<Claims> {
  private entries = new Map<string, { claims: Claims; exp: number }>();

  constructor(readonly max = VERIFIED_TOKENS_MAX) {}

  /** The token's claims, or undefined when it is not here or has expired (`exp` ≤ now, as jose). */
  get(token: string, now = nowSeconds()): Claims | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    this.entries.delete(token);
    if (entry.exp <= now) return undefined;
    this.entries.set(token, entry); // most recently used last
    return entry.claims;
  }

  /** Remembers a verified token until `exp` (seconds since the epoch). */
  set(token: string, claims: Claims, exp: number) {
    this.entries.delete(token);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { claims, exp });
  }

  get size() {
    return this.entries.size;
  }
}
