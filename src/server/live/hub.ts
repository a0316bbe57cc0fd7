import type { Database } from "../db/client";
import { type Listener, listenChannel } from "../db/listen";
import { httpError } from "../plugins/errors";
import { type Audience, type EndReason, type LiveGrant, loadGrant, loweredBy, mayReceive } from "./grant";

/** Channel the triggers of migration 0013 notify on: "user:<id>", "password:<id>" or "session:<family id>". */
const ACCESS_CHANGED = "access_changed";

export type AccessNotice = { kind: "user" | "password" | "session"; id: string };

export function parseAccessNotice(payload: string): AccessNotice | null {
  const m = /^(user|password|session):([0-9a-f-]{36})$/.exec(payload);
  return m?.[1] && m[2] ? { kind: m[1] as AccessNotice["kind"], id: m[2] } : null;
}

/** One open live connection of one user on this server. */
export interface LiveConnection {
  /** What the connection was opened with; it never grows (new rights need a new connection). */
  readonly grant: LiveGrant;
  readonly ended: boolean;
  /** The check every channel makes before sending an event: open, and the grant allows it. */
  may(audience: Audience): boolean;
  /** Called once when the connection ends, with why (the client went away: "closed"). */
  onEnd(listener: (reason: EndReason | "closed") => void): void;
  end(reason: EndReason | "closed"): void;
}

export interface LiveHub {
  /**
   * Opens a connection for a verified access token: 401 when its account or session is gone;
   * with `requireCompany`, 403 for a user of no company (staff excepted).
   */
  connect(
    user: { id: string; sid?: string | null },
    opts?: { requireCompany?: boolean },
  ): Promise<LiveConnection>;
  /** Open connections on this server (for tests and metrics). */
  readonly size: number;
  /** Ends every connection (server shutting down). */
  endAll(reason: EndReason): void;
  close(): Promise<void>;
}

/**
 * Every live connection of this server, and the one place that decides whether a connection may
 * still receive an event. A change to a user's access (membership removed, role lowered, company
 * switched, signed out, password changed or reset, sessions revoked, account disabled or
 * deleted) is announced by database triggers on `access_changed` from any replica; the user's
 * connections here are checked against the database again at once and those that lost anything
 * are ended. Between notices `may()` answers from memory, so sending costs no query.
 */
export async function createLiveHub(
  database: Database,
  log?: { warn(o: object, m: string): void },
): Promise<LiveHub> {
  const { db } = database;
  const byUser = new Map<string, Set<Connection>>();
  let count = 0;

  class Connection implements LiveConnection {
    ended = false;
    private listeners: ((reason: EndReason | "closed") => void)[] = [];
    constructor(readonly grant: LiveGrant) {}
    may(audience: Audience) {
      return !this.ended && mayReceive(this.grant, audience);
    }
    onEnd(listener: (reason: EndReason | "closed") => void) {
      this.listeners.push(listener);
    }
    end(reason: EndReason | "closed") {
      if (this.ended) return;
      this.ended = true;
      const set = byUser.get(this.grant.userId);
      set?.delete(this);
      if (set?.size === 0) byUser.delete(this.grant.userId);
      count--;
      for (const l of this.listeners.splice(0)) l(reason);
    }
  }

  /** Checks the connections of one user against the database; ends those whose grant was lowered. */
  const recheck = async (userId: string, only?: (c: Connection) => boolean) => {
    const conns = [...(byUser.get(userId) ?? [])].filter((c) => !only || only(c));
    const bySession = new Map<string | null, Connection[]>();
    for (const c of conns) bySession.set(c.grant.sessionId, [...(bySession.get(c.grant.sessionId) ?? []), c]);
    for (const [sessionId, group] of bySession) {
      let now: Awaited<ReturnType<typeof loadGrant>>;
      try {
        now = await loadGrant(db, userId, sessionId);
      } catch (err) {
        // Without the database the grant cannot be confirmed: these connections end (clients reconnect).
        log?.warn({ err }, "live access re-check failed; ending the connections concerned");
        now = { grant: null, reason: "server" };
      }
      for (const c of group) {
        const reason = now.grant ? loweredBy(c.grant, now.grant) : now.reason;
        if (reason) c.end(reason);
      }
    }
  };
  const recheckAll = async () => {
    for (const userId of [...byUser.keys()]) await recheck(userId);
  };
  /** Counts notices, so a connection opened while one arrived is checked again. */
  let generation = 0;

  const onNotice = (payload: string) => {
    const notice = parseAccessNotice(payload);
    if (!notice) return;
    generation++;
    if (notice.kind === "session") {
      for (const [userId, set] of byUser) {
        if ([...set].some((c) => c.grant.sessionId === notice.id)) {
          void recheck(userId, (c) => c.grant.sessionId === notice.id);
        }
      }
      return;
    }
    if (notice.kind === "password") {
      // A token without a session cannot show it survived the change; sessions are checked.
      for (const c of [...(byUser.get(notice.id) ?? [])]) if (!c.grant.sessionId) c.end("signed-out");
    }
    void recheck(notice.id);
  };

  let wasDown = false;
  const listener: Listener = await listenChannel(database, ACCESS_CHANGED, onNotice, {
    onState(live) {
      if (!live) wasDown = true;
      else if (wasDown) {
        // Notices may have been missed while the connection was down: check everyone.
        wasDown = false;
        void recheckAll();
      }
    },
  });

  const endAll = (reason: EndReason) => {
    for (const set of [...byUser.values()]) for (const c of [...set]) c.end(reason);
  };
  return {
    async connect(user, opts = {}) {
      const seen = generation;
      const loaded = await loadGrant(db, user.id, user.sid ?? null);
      if (!loaded.grant) {
        throw httpError(
          401,
          loaded.reason === "signed-out"
            ? "This session has been signed out. Please sign in again."
            : "This account is not available. Please sign in again.",
        );
      }
      const grant = loaded.grant;
      if (opts.requireCompany && !grant.companyId && !mayReceive(grant, { staff: true })) {
        throw httpError(403, "You are not a member of any company");
      }
      const conn = new Connection(grant);
      let set = byUser.get(grant.userId);
      if (!set) {
        set = new Set();
        byUser.set(grant.userId, set);
      }
      set.add(conn);
      count++;
      // A change that committed while the grant was being read would otherwise go unnoticed.
      if (generation !== seen) await recheck(grant.userId, (c) => c === conn);
      if (conn.ended) throw httpError(401, "Your access changed while connecting. Please connect again.");
      return conn;
    },
    get size() {
      return count;
    },
    endAll,
    async close() {
      endAll("server");
      await listener.close();
    },
  };
}
