import { and, count, eq, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DemoCounts } from "../../../domain/demo";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  auditLog,
  authAttempts,
  calendarEvents,
  companies,
  ebayListings,
  ebayOrders,
  filingDocuments,
  filings,
  inventoryBatches,
  inventoryItems,
  inventoryPhotos,
  inventoryProducts,
  invoices,
  jobs,
  kanbanBoards,
  kanbanTasks,
  learnedLabels,
  mailMessages,
  mailOutbox,
  properties,
  statementFiles,
  statementMappings,
  users,
} from "../../db/schema";
import { createFileStore, type FileStore } from "../../storage";
import { deleteUnusedFiles } from "../inventory/photo-cleanup";
import { MAIL_DELIVER_JOB, MAIL_SEND_JOB } from "../mail/send";

/**
 * What demo data is: a demo account (`users.demo`) or a row of a demo company (`companies.demo`,
 * and everything whose company_id is one, cascading from it), plus the few rows kept outside
 * companies about them: mail to demo accounts, their audit entries and sign-in attempts, the
 * extraction jobs of demo files, and what demo mappings taught the learned-labels table.
 */
const demoCompanyIds = (db: Db) =>
  db.select({ id: companies.id }).from(companies).where(eq(companies.demo, true));

const ofDemoCompany = (db: Db, column: PgColumn) => inArray(column, demoCompanyIds(db));

async function countWhere(db: Db, table: PgTable, where: SQL) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

export type { DemoCounts };

/** How many demo records there are, by kind (the admin page shows them; tests compare them). */
export async function demoCounts(db: Db): Promise<DemoCounts> {
  const demoEmails = db
    .select({ email: sql`lower(${users.email})` })
    .from(users)
    .where(eq(users.demo, true));
  return {
    companies: await countWhere(db, companies, eq(companies.demo, true)),
    users: await countWhere(db, users, eq(users.demo, true)),
    properties: await countWhere(db, properties, ofDemoCompany(db, properties.companyId)),
    statementFiles: await countWhere(db, statementFiles, ofDemoCompany(db, statementFiles.companyId)),
    filings: await countWhere(db, filings, ofDemoCompany(db, filings.companyId)),
    invoices: await countWhere(db, invoices, ofDemoCompany(db, invoices.companyId)),
    mappings: await countWhere(db, statementMappings, ofDemoCompany(db, statementMappings.companyId)),
    batches: await countWhere(db, inventoryBatches, ofDemoCompany(db, inventoryBatches.companyId)),
    products: await countWhere(db, inventoryProducts, ofDemoCompany(db, inventoryProducts.companyId)),
    items: await countWhere(db, inventoryItems, ofDemoCompany(db, inventoryItems.companyId)),
    photos: await countWhere(db, inventoryPhotos, ofDemoCompany(db, inventoryPhotos.companyId)),
    ebayListings: await countWhere(db, ebayListings, ofDemoCompany(db, ebayListings.companyId)),
    ebayOrders: await countWhere(db, ebayOrders, ofDemoCompany(db, ebayOrders.companyId)),
    kanbanBoards: await countWhere(db, kanbanBoards, ofDemoCompany(db, kanbanBoards.companyId)),
    kanbanTasks: await countWhere(db, kanbanTasks, ofDemoCompany(db, kanbanTasks.companyId)),
    calendarEvents: await countWhere(db, calendarEvents, ofDemoCompany(db, calendarEvents.companyId)),
    mails: await countWhere(db, mailOutbox, inArray(sql`lower(${mailOutbox.to})`, demoEmails)),
  };
}

type LearnedEntry = { key: string; fieldId: string };

/**
 * Removes every demo record in one transaction, and then the stored files (statements, filed
 * outputs, photos) nothing else uses. Real data is untouched: nothing outside demo companies and
 * demo accounts is deleted, and a file a real record shares (the store keeps identical bytes once)
 * stays. Answers what there was.
 */
export async function removeDemoData(
  ctx: { db: Db; config: Config },
  store: FileStore = createFileStore(ctx.config),
): Promise<DemoCounts> {
  const before = await demoCounts(ctx.db);
  await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const demoUsers = await tx
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(eq(users.demo, true));
    const files = await tx
      .select({ id: statementFiles.id, key: statementFiles.storageKey })
      .from(statementFiles)
      .where(ofDemoCompany(tx, statementFiles.companyId));
    const documents = await tx
      .select({ key: filingDocuments.storageKey })
      .from(filingDocuments)
      .innerJoin(filings, eq(filings.id, filingDocuments.filingId))
      .where(ofDemoCompany(tx, filings.companyId));
    const photos = await tx
      .select({ key: inventoryPhotos.storageKey, thumb: inventoryPhotos.thumbKey })
      .from(inventoryPhotos)
      .where(ofDemoCompany(tx, inventoryPhotos.companyId));

    // What demo mappings taught the learned table (when made ready) is taken back, as markReady does.
    const mappings = await tx
      .select({ form: statementMappings.form, learned: statementMappings.learned })
      .from(statementMappings)
      .where(ofDemoCompany(tx, statementMappings.companyId));
    const taught = mappings.flatMap((m) =>
      ((m.learned ?? []) as LearnedEntry[]).map((e) => ({ ...e, form: m.form })),
    );
    for (const e of taught) {
      await tx
        .update(learnedLabels)
        .set({ count: sql`${learnedLabels.count} - 1` })
        .where(
          and(
            eq(learnedLabels.labelKey, e.key),
            eq(learnedLabels.form, e.fieldId.split(".")[0] ?? e.form),
            eq(learnedLabels.fieldId, e.fieldId),
          ),
        );
    }
    if (taught.length) await tx.delete(learnedLabels).where(lte(learnedLabels.count, 0));

    const emails = demoUsers.map((u) => u.email);
    const userIds = demoUsers.map((u) => u.id);
    if (emails.length) {
      await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, emails));
      await tx
        .delete(authAttempts)
        .where(
          or(
            ...emails.map(
              (e) => sql`${authAttempts.key} like ${`%:account:${e.replace(/[\\%_]/g, "\\$&")}`}`,
            ),
          ),
        );
    }
    await tx
      .delete(auditLog)
      .where(
        or(
          ofDemoCompany(tx, auditLog.companyId),
          userIds.length ? inArray(auditLog.userId, userIds) : sql`false`,
        ),
      );
    if (files.length) {
      await tx.delete(jobs).where(
        inArray(
          jobs.key,
          files.map((f) => `extract:${f.id}`),
        ),
      );
    }
    // The delivery jobs of the demo accounts' sent mail (the mail itself goes with the accounts).
    if (userIds.length) {
      const sent = tx
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(and(inArray(mailMessages.userId, userIds), eq(mailMessages.state, "sent")));
      await tx
        .delete(jobs)
        .where(
          and(
            inArray(jobs.kind, [MAIL_DELIVER_JOB, MAIL_SEND_JOB]),
            inArray(sql`(${jobs.payload}->>'messageId')::uuid`, sent),
          ),
        );
    }
    // Everything of a demo company goes with it (company_id cascades), then the demo accounts.
    await tx.delete(companies).where(eq(companies.demo, true));
    await tx.delete(users).where(eq(users.demo, true));
    await deleteUnusedFiles(tx, store, [
      ...files.map((f) => f.key),
      ...documents.map((d) => d.key),
      ...photos.flatMap((p) => [p.key, p.thumb]),
    ]);
  });
  return before;
}
