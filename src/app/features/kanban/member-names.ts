/**
 * The company's member names kept on this device (the sync engine's `meta` table), so a task's
 * assigned members and comment authors keep their names offline: the members list is fetched
 * when online and stored; offline the stored one is used.
 */
import { useQuery } from "@tanstack/react-query";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import type { BlocklotDb } from "../../offline/db";
import { getDb } from "../../offline/db";
import { companyQueries } from "../company/company-account-api";

export interface MemberName {
  id: string;
  name: string;
}

const metaKey = (companyId: string) => `kanban-member-names:${companyId}`;

export async function keepMemberNames(db: BlocklotDb, companyId: string, members: readonly MemberName[]) {
  await db.meta.put({ key: metaKey(companyId), value: members });
}

export async function storedMemberNames(db: BlocklotDb, companyId: string): Promise<MemberName[] | null> {
  const value = (await db.meta.get(metaKey(companyId)))?.value;
  return Array.isArray(value) ? (value as MemberName[]) : null;
}

/**
 * The company's members (id, name): the server's list when it answers, else the list this device
 * kept; `failed` when neither is there (offline on a device that never read it).
 */
export function useMemberNames(companyId: string): { members: MemberName[]; failed: boolean } {
  const db = getDb();
  const query = useQuery({ ...companyQueries.members(companyId), retry: false });
  const fetched = query.data?.map((m) => ({ id: m.id, name: m.displayName || m.email }));
  const stored = useLiveQuery(() => storedMemberNames(db, companyId), [db, companyId]);
  const key = fetched ? JSON.stringify(fetched) : null;
  useEffect(() => {
    if (key) void keepMemberNames(db, companyId, JSON.parse(key) as MemberName[]).catch(() => undefined);
  }, [db, companyId, key]);
  const members = fetched ?? stored ?? [];
  return { members, failed: !fetched && !stored && query.isError };
}
