import type { CompanyEntry } from "./queries";

/**
 * Read cache of each user's company list (the switcher's call, made on every page
 * load). Correct because it is dropped whole on every committed change to companies or
 * memberships (database notifications, see change-feed.ts) and is only used while
 * that feed is live. A generation counter stops a read that raced a change from
 * storing what it read before the change.
 */
export class CompanyListCache {
  private entries = new Map<string, CompanyEntry[]>();
  private generation = 0;
  private live = false;

  constructor(private readonly maxEntries = 10_000) {}

  /** Invalidate everything (a company or membership changed somewhere). */
  clear() {
    this.generation++;
    this.entries.clear();
  }

  setLive(live: boolean) {
    this.live = live;
    this.clear();
  }

  get(userId: string): CompanyEntry[] | undefined {
    return this.live ? this.entries.get(userId) : undefined;
  }

  /** The token to hand back to `set`, taken before reading the database. */
  begin(): number {
    return this.generation;
  }

  set(userId: string, list: CompanyEntry[], token: number) {
    if (!this.live || token !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(userId, list);
  }

  get size() {
    return this.entries.size;
  }
}
