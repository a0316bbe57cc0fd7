/**
 * The file manager's rows (docs/files.md "File manager"): statements, filing outputs and item
 * photos of one company as one list, each part filtered by its company index first; searched,
 * filtered and paged in SQL.
 */
import { type SQL, sql } from "drizzle-orm";
import type {
  FileFolder,
  FileManagerPage,
  FileSource,
  ManagedFile,
} from "../../../domain/files/file-manager";
import { normalizeBbl } from "../../../domain/properties/bbl";
import type { Db } from "../../db/client";

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export interface FileManagerQuery {
  q?: string;
  source?: FileSource;
  /** A property's id, or "none" for the files that belong to no property (item photos). */
  propertyId?: string;
  year?: number;
  page: number;
  rowsPerPage: number;
}

/** Every live file of the company, with the property and year it is filed under. */
function companyFiles(companyId: string): SQL {
  const yearOf = (col: SQL) => sql`extract(year from ${col} at time zone 'UTC')::int`;
  return sql`(
    select 'statement' as source, sf.id::text as id, sf.file_name as name, sf.property_id,
      coalesce(sf.statement_year, ${yearOf(sql`sf.created_at`)}) as year, sf.size, sf.content_type,
      sf.created_at, null::text as filing_id
    from statement_files sf
    where sf.company_id = ${companyId} and sf.deleted_at is null
    union all
    select 'output', fd.id::text, fd.name, fi.property_id, fi.year, fd.size, fd.content_type,
      fd.created_at, fi.id::text
    from filings fi join filing_documents fd on fd.filing_id = fi.id
    where fi.company_id = ${companyId}
    union all
    select 'photo', ip.id::text, ii.sku || ' ' || ii.title, null::uuid, ${yearOf(sql`ip.created_at`)},
      ip.size, ip.content_type, ip.created_at, null::text
    from inventory_photos ip join inventory_items ii on ii.id = ip.item_id
    where ip.company_id = ${companyId} and ip.unreferenced_since is null and ii.deleted_at is null
  )`;
}

/** `text` as a LIKE pattern that matches it literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Row {
  source: FileSource;
  id: string;
  name: string;
  property_id: string | null;
  bbl: string | null;
  address: string | null;
  year: number;
  size: number;
  content_type: string;
  created_at: string | Date;
  filing_id: string | null;
  total: number | string;
}

export async function fileManagerPage(
  db: Db,
  companyId: string,
  q: FileManagerQuery,
): Promise<FileManagerPage> {
  const files = companyFiles(companyId);
  const where: SQL[] = [];
  if (q.q) {
    const like = containing(q.q);
    // A BBL as the screens write it ("1-00845-0021", "Manhattan 845 21") finds its lot's files.
    const bbl = normalizeBbl(q.q);
    const sameLot = bbl ? sql` or p.bbl = ${bbl}` : sql``;
    where.push(sql`(f.name ilike ${like} or p.bbl like ${like} or p.address ilike ${like}${sameLot})`);
  }
  if (q.source) where.push(sql`f.source = ${q.source}`);
  if (q.propertyId === "none") where.push(sql`f.property_id is null`);
  else if (q.propertyId) where.push(sql`f.property_id = ${q.propertyId}`);
  if (q.year !== undefined) where.push(sql`f.year = ${q.year}`);
  const filter = where.length ? sql` where ${sql.join(where, sql` and `)}` : sql``;

  const [rows, folders, storage] = await Promise.all([
    db.execute(sql`
      select f.*, p.bbl, p.address, count(*) over () as total
      from ${files} f left join properties p on p.id = f.property_id${filter}
      order by f.created_at desc, f.id desc
      limit ${q.rowsPerPage} offset ${q.page * q.rowsPerPage}`),
    db.execute(sql`
      select f.property_id, p.bbl, p.address, f.year, count(*)::int as count, coalesce(sum(f.size), 0)::bigint as bytes
      from ${files} f left join properties p on p.id = f.property_id
      group by f.property_id, p.bbl, p.address, f.year
      order by p.bbl nulls last, f.year desc`),
    db.execute(sql`select count(*)::int as files, coalesce(sum(f.size), 0)::bigint as bytes from ${files} f`),
  ]);
  const list = rowsOf<Row>(rows);
  return {
    items: list.map(
      (r): ManagedFile => ({
        source: r.source,
        id: r.id,
        name: r.name,
        propertyId: r.property_id,
        bbl: r.bbl,
        address: r.address,
        year: Number(r.year),
        size: Number(r.size),
        contentType: r.content_type,
        createdAt: new Date(r.created_at).toISOString(),
        filingId: r.filing_id,
      }),
    ),
    total: Number(list[0]?.total ?? 0),
    page: q.page,
    rowsPerPage: q.rowsPerPage,
    folders: rowsOf<{
      property_id: string | null;
      bbl: string | null;
      address: string | null;
      year: number;
      count: number;
      bytes: number | string;
    }>(folders).map(
      (f): FileFolder => ({
        propertyId: f.property_id,
        bbl: f.bbl,
        address: f.address,
        year: Number(f.year),
        count: Number(f.count),
        bytes: Number(f.bytes),
      }),
    ),
    storage: (() => {
      const s = rowsOf<{ files: number; bytes: number | string }>(storage)[0];
      return { files: Number(s?.files ?? 0), bytes: Number(s?.bytes ?? 0) };
    })(),
  };
}
