import { and, eq, isNull, lte, or } from "drizzle-orm";
import { ERROR_CODES } from "../../../../domain/errors";
import type { Db } from "../../../db/client";
import { statementMappings } from "../../../db/schema";
import { httpError } from "../../../plugins/errors";
import {
  ensureMapping,
  HOLD_MS,
  holdActive,
  type Loaded,
  loadFile,
  type MappingRow,
  type Person,
  recordEvent,
} from "./load";

/**
 * The hold, a soft lock: one staff member at a time works on a mapping. Taking it, letting it
 * go (or forcing another's), and the 409 every write answers while someone else holds it.
 */

const heldMessage = (who: Person | null, at: Date | null) =>
  `Held by ${who?.displayName ?? "another staff member"} since ${at?.toISOString() ?? "a moment ago"}`;

/** 409 naming who holds the mapping since when, and when their hold lapses. */
function heldConflict(l: Loaded) {
  const m = l.mapping as MappingRow;
  return httpError(409, heldMessage(l.holder, m.heldAt), {
    code: ERROR_CODES.HELD,
    heldBy: l.holder,
    heldAt: m.heldAt?.toISOString() ?? null,
    holdExpiresAt: m.heldAt ? new Date(m.heldAt.getTime() + HOLD_MS).toISOString() : null,
  });
}

/** 409 unless nobody else holds the mapping right now. */
export function assertNotHeldByOther(l: Loaded, userId: string) {
  const m = l.mapping;
  if (m && holdActive(m) && m.heldBy !== userId) throw heldConflict(l);
}

export async function takeHold(db: Db, fileId: string, userId: string): Promise<Loaded> {
  const l = await ensureMapping(db, await loadFile(db, fileId));
  const m = l.mapping as MappingRow;
  const cutoff = new Date(Date.now() - HOLD_MS);
  const taken = await db
    .update(statementMappings)
    .set({ heldBy: userId, heldAt: new Date() })
    .where(
      and(
        eq(statementMappings.id, m.id),
        or(
          isNull(statementMappings.heldBy),
          eq(statementMappings.heldBy, userId),
          lte(statementMappings.heldAt, cutoff),
        ),
      ),
    )
    .returning({ id: statementMappings.id });
  if (taken.length === 0) throw heldConflict(await loadFile(db, fileId));
  if (!(holdActive(m) && m.heldBy === userId))
    await recordEvent(
      db,
      m.id,
      userId,
      "hold",
      [{ path: "heldBy", from: holdActive(m) ? m.heldBy : null, to: userId }],
      m.version,
    );
  return loadFile(db, fileId);
}

export async function releaseHold(db: Db, fileId: string, userId: string, force: boolean): Promise<Loaded> {
  const l = await loadFile(db, fileId);
  const m = l.mapping;
  if (!m?.heldBy) return l;
  const active = holdActive(m);
  if (active && m.heldBy !== userId && !force) throw heldConflict(l);
  await db
    .update(statementMappings)
    .set({ heldBy: null, heldAt: null })
    .where(and(eq(statementMappings.id, m.id), eq(statementMappings.heldBy, m.heldBy)));
  if (active)
    await recordEvent(
      db,
      m.id,
      userId,
      m.heldBy === userId ? "release" : "force_release",
      [{ path: "heldBy", from: m.heldBy, to: null }],
      m.version,
    );
  return loadFile(db, fileId);
}
