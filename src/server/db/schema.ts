// Over 600 lines on purpose: drizzle-kit reads the whole schema from this one file, and its tables reference each other; sections follow the features.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ItemEbay } from "../../domain/ebay/item-ebay";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    displayName: text("display_name").notNull(),
    photo: text("photo"),
    phoneNumber: text("phone_number"),
    /** Global roles (ROLE_USER, ROLE_SUPER_ADMIN, ROLE_MARKETPLACE); company roles live on memberships. */
    roles: text("roles").array().notNull().default(sql`ARRAY['ROLE_USER']::text[]`),
    googleSub: text("google_sub"),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    hasEbayAccount: boolean("has_ebay_account").notNull().default(false),
    showWelcomePage: boolean("show_welcome_page").notNull().default(true),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** A demo account of `npm run seed` (src/server/modules/demo): removed with the demo data. */
    demo: boolean("demo").notNull().default(false),
    /**
     * What the admin user lists' search reads (migration 0056): email and name, lower-cased once
     * when written, so a search is one case-sensitive `like` a row instead of two `ilike`s (half
     * the cost on a walk of a sort index past many rows that do not match).
     */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(email || ' ' || display_name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_sub_key").on(t.googleSub),
    // The admin user lists' sort columns (migration 0023); lower(email) sorts on users_email_key.
    index("users_display_name_idx").on(sql`lower(${t.displayName})`, t.id),
    index("users_created_at_idx").on(t.createdAt, t.id),
    index("users_email_confirmed_at_idx").on(t.emailConfirmedAt, t.id),
    // The admin lists' contains-search (`email ilike '%term%' or display_name ilike ...`):
    // trigram GIN indexes (pg_trgm, migration 0048; PGlite loads the extension in db/client.ts).
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("users_display_name_trgm_idx").using("gin", t.displayName.op("gin_trgm_ops")),
    index("users_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    website: text("website"),
    /**
     * A demo company of `npm run seed`: it and every row that belongs to it (company_id) are demo
     * data, removed in one step by a super admin (src/server/modules/demo).
     */
    demo: boolean("demo").notNull().default(false),
    /**
     * "Managed listing" (issue 15, docs/marketplace.md): the company hands its inventory to the
     * marketplace staff, who may then read and change its items, batches and products (only
     * those). Turned on and off by its company admins; read on every staff request (migration 0026).
     */
    managedListing: boolean("managed_listing").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Staff search companies by name (`name ilike '%term%'`: the admin seller list and its
    // picker, the marketplace's sellers): a trigram GIN index (pg_trgm, migration 0048), and
    // the seller list's name sort (`lower(name)`, the id breaking ties), migration 0055.
    index("companies_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("companies_name_lower_idx").on(sql`lower(${t.name})`, t.id),
  ],
);

export const companyMembers = pgTable(
  "company_members",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** ROLE_COMPANY_ADMIN or ROLE_COMPANY_EMPLOYEE. */
    roles: text("roles").array().notNull(),
    /** The user's active company: exactly one membership per user is primary. */
    isPrimary: boolean("is_primary").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index("company_members_user_idx").on(t.userId),
    uniqueIndex("company_members_one_primary").on(t.userId).where(sql`${t.isPrimary}`),
  ],
);

/**
 * Invitations to join a company (spec section 3 Invitation). Only the SHA-256 of the
 * link's token is stored. Pending = not accepted, not revoked, not expired; at most one
 * pending invitation per company and address (a new one revokes the old one).
 */
export const companyInvitations = pgTable(
  "company_invitations",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    /** The company roles the member gets on accepting. */
    roles: text("roles").array().notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("company_invitations_token_key").on(t.tokenHash),
    index("company_invitations_company_idx").on(t.companyId, t.createdAt),
    uniqueIndex("company_invitations_one_open")
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index("company_invitations_invited_by_idx").on(t.invitedBy),
    index("company_invitations_accepted_by_idx").on(t.acceptedBy),
  ],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Every token rotated from one sign-in shares a family; reuse of a spent token revokes it. */
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
  ],
);

/**
 * Browsers a user has signed in from (a random httpOnly `device` cookie, only its SHA-256 kept).
 * A sign-in from a known device is counted apart from everyone else's failures, so an attacker
 * who keeps failing on an account never locks its owner out (docs/security.md, "Sign-in").
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** One-time links sent by mail: email confirmation and password reset. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["confirm", "reset"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("email_tokens_hash_key").on(t.tokenHash), index("email_tokens_user_idx").on(t.userId)],
);

/** Every mail the product sends; without SMTP_URL this is where it stays (and its text is logged). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    kind: text("kind").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to)],
);

/** Analytics (Clarity) ids sent by the app after each sign-in or registration. */
export const clarityIds = pgTable(
  "clarity_ids",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clarityId: text("clarity_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("clarity_ids_user_clarity_key").on(t.userId, t.clarityId),
    index("clarity_ids_created_at_idx").on(t.createdAt, t.id),
    index("clarity_ids_clarity_id_idx").on(t.clarityId, t.id),
  ],
);

/** Security-relevant events (sign-ins, token reuse, role changes) for staff review. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id"),
    companyId: uuid("company_id"),
    action: text("action").notNull(),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_user_idx").on(t.userId),
    // The user detail's sign-in history and role changes, newest first (migration 0023).
    index("audit_log_user_action_idx").on(t.userId, t.action, t.createdAt),
    // A company's rows of one action, newest first: an item's staff history (marketplace staff
    // writes), the last Managed listing change (migration 0038).
    index("audit_log_company_action_idx").on(t.companyId, t.action, t.createdAt),
  ],
);

/** Staff handling of an inbox row (contact message, demo request): state, notes, who changed them when. */
const inboxColumns = () => ({
  state: text("state").$type<"new" | "contacted" | "scheduled" | "closed">().notNull().default("new"),
  notes: text("notes").notNull().default(""),
  stateChangedAt: timestamp("state_changed_at", { withTimezone: true }),
  stateChangedBy: uuid("state_changed_by").references(() => users.id, { onDelete: "set null" }),
  notesChangedAt: timestamp("notes_changed_at", { withTimezone: true }),
  notesChangedBy: uuid("notes_changed_by").references(() => users.id, { onDelete: "set null" }),
});

/** Messages sent from the public Contact Us page; staff are mailed a copy. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    message: text("message").notNull(),
    ...inboxColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt, t.id),
    index("contact_messages_state_idx").on(t.state, t.createdAt, t.id),
    index("contact_messages_email_idx").on(sql`lower(${t.email})`, t.id),
  ],
);

/** Demo requests from /request-demo, reviewed by staff in /admin/demo-requests. */
export const demoRequests = pgTable(
  "demo_requests",
  {
    id: uuid("id").primaryKey(),
    /** "form": the full /request-demo form; "email": an e-mail address only (/admin/email-demo-requests). */
    source: text("source").$type<"form" | "email">().notNull().default("form"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    interest: text("interest"),
    message: text("message"),
    ...inboxColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("demo_requests_source_created_at_idx").on(t.source, t.createdAt, t.id),
    index("demo_requests_source_state_idx").on(t.source, t.state, t.createdAt, t.id),
    index("demo_requests_email_idx").on(sql`lower(${t.email})`, t.id),
  ],
);

/** Failed sign-in and reset attempts, counted per IP and per account for rate limiting across replicas. */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: uuid("id").primaryKey(),
    /** "ip:1.2.3.4" or "account:someone@example.com", prefixed by the action ("login:", "reset:"). */
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("auth_attempts_key_time_idx").on(t.key, t.createdAt)],
);

/**
 * A company's tax lots, identified by BBL (borough-block-lot). Soft-deleted (deleted_at) so the
 * property's statement files stay downloadable by staff for 7 years after the owner removes it.
 */
export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** 10 digits: borough (1) + block (5) + lot (4). */
    bbl: text("bbl").notNull(),
    borough: smallint("borough").notNull(),
    block: integer("block").notNull(),
    lot: integer("lot").notNull(),
    address: text("address"),
    ownerName: text("owner_name"),
    taxClass: text("tax_class"),
    buildingClass: text("building_class"),
    residentialUnits: integer("residential_units").notNull().default(0),
    commercialUnits: integer("commercial_units").notNull().default(0),
    commercialSqFt: integer("commercial_sq_ft"),
    /** Actual assessed value in whole dollars (tentative roll). */
    aav: bigint("aav", { mode: "number" }),
    /** Final actual assessed value in whole dollars (decides the late-filing penalty band). */
    finalAav: bigint("final_aav", { mode: "number" }),
    /** Month-day the owner's fiscal year ends, "MM-DD" (e.g. "12-31"). */
    fiscalYearEnd: text("fiscal_year_end").notNull().default("12-31"),
    isCoop: boolean("is_coop").notNull().default(false),
    isCondoUnit: boolean("is_condo_unit").notNull().default(false),
    ownerOccupied: boolean("owner_occupied").notNull().default(false),
    relatedPartyOnly: boolean("related_party_only").notNull().default(false),
    fullyExempt: boolean("fully_exempt").notNull().default(false),
    vacant: boolean("vacant").notNull().default(false),
    vacantLand: boolean("vacant_land").notNull().default(false),
    fullYearOwned: boolean("full_year_owned").notNull().default(true),
    notes: text("notes"),
    /** Optimistic concurrency: PATCH must send the version it read. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("properties_company_bbl_key").on(t.companyId, t.bbl).where(sql`${t.deletedAt} is null`),
    index("properties_company_idx").on(t.companyId),
  ],
);

/** Statement files uploaded for a property; the bytes live in the file store under storage_key. */
export const statementFiles = pgTable(
  "statement_files",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    /** pdf, png, jpeg, tiff, heic, xlsx, xls or csv: decided from the content. */
    kind: text("kind").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    /** operating_statement, rent_roll, general_ledger, audit_report, tax_bill, lease, other. */
    documentType: text("document_type").notNull(),
    statementYear: integer("statement_year"),
    /** uploaded → queued → extracting → extracted | failed */
    status: text("status").notNull().default("uploaded"),
    failureReason: text("failure_reason"),
    pageCount: integer("page_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("statement_files_company_idx").on(t.companyId, t.createdAt),
    index("statement_files_property_idx").on(t.propertyId),
    index("statement_files_status_idx").on(t.status),
    index("statement_files_sha_idx").on(t.sha256),
  ],
);

/** Text of each page (or sheet) of an extracted file. */
export const extractionPages = pgTable(
  "extraction_pages",
  {
    fileId: uuid("file_id")
      .notNull()
      .references(() => statementFiles.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    /** "text" (PDF text layer), "ocr" or "sheet". */
    source: text("source").notNull(),
    name: text("name"),
    text: text("text").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.number] })],
);

/** Line items found in an extracted file, with notes such as skipped hidden sheets. */
export const extractionResults = pgTable("extraction_results", {
  fileId: uuid("file_id")
    .primaryKey()
    .references(() => statementFiles.id, { onDelete: "cascade" }),
  lineItems: jsonb("line_items").notNull(),
  notes: jsonb("notes").notNull().default(sql`'[]'::jsonb`),
  /** The statement's columns (header, meaning), columns left out (percentages) and year; null before issue 23. */
  layout: jsonb("layout"),
  createdAt: createdAt(),
});

/**
 * Every running server or worker process (src/server/process-heartbeat.ts): one row per boot,
 * its heartbeat refreshed every few seconds. Idempotency claims and job locks carry the boot id,
 * so a process that finds one held by a dead process (stale heartbeat, or on the same host a pid
 * that is gone) takes it over at once instead of waiting for the lease.
 */
export const serverProcesses = pgTable(
  "server_processes",
  {
    bootId: uuid("boot_id").primaryKey(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("server_processes_heartbeat_idx").on(t.heartbeatAt)],
);

/**
 * Background jobs (PostgreSQL-backed queue): claimed with FOR UPDATE SKIP LOCKED by any
 * process; a lock that outlives locked_until is stale and may be claimed again.
 * At most one queued or running job per key (e.g. "extract:<file id>").
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    key: text("key"),
    payload: jsonb("payload").notNull(),
    /** queued, running, done, failed */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The claiming process's boot id (server_processes): once it is dead the job is claimed again at once. */
    lockedBoot: uuid("locked_boot"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("jobs_claim_idx").on(t.status, t.runAt),
    uniqueIndex("jobs_active_key").on(t.key).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * A filing: one property, one year, one kind of work ("rpie" statement or "penalty_removal"),
 * moving through the states of src/domain/filing. One per company, property, year and kind.
 */
export const filings = pgTable(
  "filings",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    year: integer("year").notNull(),
    /** rpie | penalty_removal */
    kind: text("kind").notNull(),
    /** documents_requested … filed | needs_information (src/domain/filing/states.ts). */
    state: text("state").notNull(),
    /** While in needs_information: the state it goes back to when the owner answers. */
    returnTo: text("return_to"),
    stateChangedAt: timestamp("state_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Penalty removal: the owner's reason and the uploaded penalty notice. */
    reason: text("reason"),
    noticeFileId: uuid("notice_file_id").references(() => statementFiles.id),
    confirmationNumber: text("confirmation_number"),
    filedOn: text("filed_on"),
    filedBy: uuid("filed_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("filings_company_property_year_kind_key").on(t.companyId, t.propertyId, t.year, t.kind),
    index("filings_state_idx").on(t.state, t.stateChangedAt),
    index("filings_property_idx").on(t.propertyId),
  ],
);

/** The audit trail of a filing: every move (from → to) and note, by whom and when. */
export const filingEvents = pgTable(
  "filing_events",
  {
    id: uuid("id").primaryKey(),
    filingId: uuid("filing_id")
      .notNull()
      .references(() => filings.id, { onDelete: "cascade" }),
    /** null for the system (a payment provider's webhook). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** owner | staff | system */
    actorRole: text("actor_role").notNull(),
    /** transition, created, quote_sent, quote_accepted, payment, override, answer */
    type: text("type").notNull(),
    fromState: text("from_state"),
    toState: text("to_state"),
    message: text("message"),
    createdAt: createdAt(),
  },
  (t) => [index("filing_events_filing_idx").on(t.filingId, t.createdAt)],
);

/** A price offered for a filing; at most one accepted quote per filing. */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey(),
    filingId: uuid("filing_id")
      .notNull()
      .references(() => filings.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** draft | sent | accepted | withdrawn */
    status: text("status").notNull().default("draft"),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    note: text("note"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quotes_filing_idx").on(t.filingId),
    uniqueIndex("quotes_one_accepted_per_filing").on(t.filingId).where(sql`${t.status} = 'accepted'`),
  ],
);

export const quoteLineItems = pgTable(
  "quote_line_items",
  {
    id: uuid("id").primaryKey(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** base_filing | extra_statement | rent_roll | penalty_removal | rush */
    kind: text("kind").notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitCents: bigint("unit_cents", { mode: "number" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("quote_line_items_position_key").on(t.quoteId, t.position)],
);

/** Invoice numbers: INV-<year>-<6 digits from this sequence>. */
export const invoiceNumberSeq = pgSequence("invoice_number_seq", { startWith: 1001 });

/** What the owner owes for an accepted quote (one invoice per quote). */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey(),
    number: text("number").notNull(),
    filingId: uuid("filing_id")
      .notNull()
      .references(() => filings.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("usd"),
    /** unpaid | paid | void */
    status: text("status").notNull().default("unpaid"),
    /** stripe | bank_transfer | check, once paid */
    method: text("method"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Staff let the filing go ahead unpaid: why, who and when. */
    overrideReason: text("override_reason"),
    overriddenBy: uuid("overridden_by").references(() => users.id, { onDelete: "set null" }),
    overriddenAt: timestamp("overridden_at", { withTimezone: true }),
    /** The last Stripe Checkout Session started for it. */
    checkoutSessionId: text("checkout_session_id"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    uniqueIndex("invoices_quote_key").on(t.quoteId),
    index("invoices_company_idx").on(t.companyId, t.createdAt),
    index("invoices_filing_idx").on(t.filingId),
  ],
);

/**
 * Money received for an invoice. provider_event_id is unique (Stripe's event id, or
 * "manual:<id>" for a transfer or check staff recorded), so a replayed webhook changes nothing.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** stripe | bank_transfer | check */
    provider: text("provider").notNull(),
    /** Stripe: the Checkout Session id; manual: the bank or check reference. */
    providerPaymentId: text("provider_payment_id"),
    providerEventId: text("provider_event_id").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("usd"),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    receivedOn: text("received_on"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_event_key").on(t.providerEventId),
    index("payments_invoice_idx").on(t.invoiceId),
  ],
);

/**
 * Reminder mails already sent. key is unique (e.g. "deadline:<property>:<year>:30:<user>",
 * "stuck:<filing>:<state>:<since>"), so a reminder is never sent twice, across restarts and replicas.
 */
export const remindersSent = pgTable(
  "reminders_sent",
  {
    id: uuid("id").primaryKey(),
    key: text("key").notNull(),
    /** deadline | stuck */
    kind: text("kind").notNull(),
    filingId: uuid("filing_id").references(() => filings.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "cascade" }),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    offsetDays: integer("offset_days"),
    sentTo: text("sent_to").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reminders_sent_key").on(t.key)],
);

/**
 * A statement file's mapping onto a form (issue 5, "Mapping"): one per file. `document` is
 * the staff's work (src/domain/statement-mapping/mapping.ts: selection, corrections,
 * assignments, splits, explanations); the extraction itself is never changed. `version`
 * counts saves (a save names the version it was based on); `held_by`/`held_at` is a soft
 * lock that lapses 30 minutes after it was last taken or used.
 */
export const statementMappings = pgTable(
  "statement_mappings",
  {
    id: uuid("id").primaryKey(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => statementFiles.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    /** rpie | tc201 | tc203 */
    form: text("form").notNull(),
    filingYear: integer("filing_year").notNull(),
    /** draft | ready | reopened */
    status: text("status").notNull().default("draft"),
    document: jsonb("document").notNull(),
    version: integer("version").notNull().default(1),
    heldBy: uuid("held_by").references(() => users.id, { onDelete: "set null" }),
    heldAt: timestamp("held_at", { withTimezone: true }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    readyBy: uuid("ready_by").references(() => users.id, { onDelete: "set null" }),
    /** The label → field entries this mapping added to learned_labels when last made ready. */
    learned: jsonb("learned").notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("statement_mappings_file_key").on(t.fileId),
    index("statement_mappings_company_idx").on(t.companyId),
    index("statement_mappings_property_idx").on(t.propertyId, t.form, t.filingYear),
    index("statement_mappings_status_idx").on(t.status),
    check("statement_mappings_form_check", sql`${t.form} in ('rpie', 'tc201', 'tc203')`),
    check("statement_mappings_status_check", sql`${t.status} in ('draft', 'ready', 'reopened')`),
  ],
);

/** Every change to a mapping: who, when, what (hold, save, ready, …) and old → new per changed path. */
export const statementMappingEvents = pgTable(
  "statement_mapping_events",
  {
    id: uuid("id").primaryKey(),
    mappingId: uuid("mapping_id")
      .notNull()
      .references(() => statementMappings.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** hold, release, force_release, save, apply_template, correct_amount, ready, reopen */
    action: text("action").notNull(),
    /** [{ path, from, to }] (src/domain/statement-mapping/template.ts diffDocuments). */
    changes: jsonb("changes").notNull().default(sql`'[]'::jsonb`),
    /** The mapping's version after this change. */
    version: integer("version").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("statement_mapping_events_mapping_idx").on(t.mappingId, t.createdAt)],
);

/**
 * A property's mapping template per form: label → target from its last confirmed mapping,
 * applied to the next year's statement. Also this company's (and preparer's) earlier
 * mappings for the suggestions.
 */
export const mappingTemplates = pgTable(
  "mapping_templates",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id),
    form: text("form").notNull(),
    /** [{ label, key, target }] */
    entries: jsonb("entries").notNull(),
    sourceMappingId: uuid("source_mapping_id").references(() => statementMappings.id, {
      onDelete: "set null",
    }),
    sourceYear: integer("source_year").notNull(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("mapping_templates_property_form_key").on(t.companyId, t.propertyId, t.form),
    index("mapping_templates_updated_by_idx").on(t.updatedBy),
  ],
);

/** The learned table: how often a (normalised) label was confirmed as a field, over all ready mappings. */
export const learnedLabels = pgTable(
  "learned_labels",
  {
    /** normaliseLabel(label) */
    labelKey: text("label_key").notNull(),
    form: text("form").notNull(),
    fieldId: text("field_id").notNull(),
    /** One label as a statement had it (the suggestion engine normalises it again). */
    sampleLabel: text("sample_label").notNull(),
    count: integer("count").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.labelKey, t.form, t.fieldId] })],
);

/**
 * Inventory (issue 6, docs/inventory.md). Ids are made by the app (UUIDv7) so records can be
 * created offline. Every insert and update gets a new `change_seq` from the one sequence
 * sync_change_seq (every synced table shares it; named inventory_change_seq before migration
 * 0013), assigned by a trigger (migrations 0008, 0013) under a per-company
 * transaction advisory lock, so within a company sequence order is commit order and the
 * sync cursor (the last change_seq seen) never skips a committed row. Deletion is soft:
 * `deleted_at` set = a tombstone in the sync feed.
 */
export const syncChangeSeq = pgSequence("sync_change_seq");

const inventoryCommon = () => ({
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** Optimistic concurrency: an update names the version it was based on. */
  version: integer("version").notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  /** Set by the trigger on every insert and update (the value written here is replaced). */
  changeSeq: bigint("change_seq", { mode: "number" }).notNull().default(0),
});

/** An import of items. */
export const inventoryBatches = pgTable(
  "inventory_batches",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    sourceFileName: text("source_file_name"),
    rowCount: integer("row_count").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...inventoryCommon(),
  },
  (t) => [
    index("inventory_batches_company_seq_idx").on(t.companyId, t.changeSeq),
    index("inventory_batches_created_by_idx").on(t.createdBy),
  ],
);

/** A catalogue entry sellers reuse; items can be created from it. */
export const inventoryProducts = pgTable(
  "inventory_products",
  {
    id: uuid("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    condition: smallint("condition").notNull(),
    dimLength: doublePrecision("dim_length"),
    dimWidth: doublePrecision("dim_width"),
    dimHeight: doublePrecision("dim_height"),
    dimUnit: text("dim_unit").notNull(),
    weightValue: doublePrecision("weight_value"),
    weightUnit: text("weight_unit").notNull(),
    /** Integer cents. */
    price: bigint("price", { mode: "number" }),
    images: text("images").array().notNull().default(sql`ARRAY[]::text[]`),
    ...inventoryCommon(),
  },
  (t) => [index("inventory_products_company_seq_idx").on(t.companyId, t.changeSeq)],
);

/** A batch item. The SKU is unique per company among items that are not deleted. */
export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: uuid("id").primaryKey(),
    /** Not foreign keys: ids are made offline and a batch or product may be deleted (soft) meanwhile. */
    batchId: uuid("batch_id"),
    productId: uuid("product_id"),
    sku: text("sku").notNull(),
    barcode: text("barcode"),
    title: text("title").notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    condition: smallint("condition").notNull(),
    /** Integer cents. */
    price: bigint("price", { mode: "number" }),
    category: text("category").notNull(),
    dimLength: doublePrecision("dim_length"),
    dimWidth: doublePrecision("dim_width"),
    dimHeight: doublePrecision("dim_height"),
    dimUnit: text("dim_unit").notNull(),
    weightValue: doublePrecision("weight_value"),
    weightUnit: text("weight_unit").notNull(),
    location: text("location"),
    status: text("status").notNull(),
    publicationStatus: smallint("publication_status").notNull().default(0),
    photos: text("photos").array().notNull().default(sql`ARRAY[]::text[]`),
    notes: text("notes"),
    /** eBay category, item aspects and the seller's latest listing request (domain ItemEbay); migration 0018. */
    ebay: jsonb("ebay").$type<ItemEbay | null>(),
    ...inventoryCommon(),
  },
  (t) => [
    uniqueIndex("inventory_items_company_sku_key").on(t.companyId, t.sku).where(sql`${t.deletedAt} is null`),
    index("inventory_items_company_seq_idx").on(t.companyId, t.changeSeq),
    index("inventory_items_company_batch_idx").on(t.companyId, t.batchId),
    index("inventory_items_company_status_idx").on(t.companyId, t.status),
    // No trigram indexes on title, SKU or barcode: three GIN indexes more than doubled the
    // time to insert 50,000 items (the import's 10 s target); an item search reads the
    // company's rows (docs/benchmarks.md, staff lists).
  ],
);

/**
 * Idempotency-Key records (plugins/idempotency.ts): one per user, company and key, kept 24 h.
 * While the first request runs, `response_status` is null and `claim`/`locked_until` say who
 * runs it; the stored response is written in the same transaction as the change when the
 * route can (else right after), and a replay answers it verbatim.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    /** SHA-256 (hex) of method, path and the canonical JSON body. */
    requestHash: text("request_hash").notNull(),
    /** Random token of the request processing the key; a stale claim may be taken over. */
    claim: uuid("claim").notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
    /** The claiming process's boot id (server_processes): once it is dead a replay takes the claim over at once. */
    ownerBoot: uuid("owner_boot"),
    responseStatus: integer("response_status"),
    /** The response body exactly as sent (JSON text). */
    responseBody: text("response_body"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
    index("idempotency_keys_user_idx").on(t.userId),
  ],
);

/**
 * What was filed: the outputs (worksheet PDF, CSV, XLSX, TC309 checklist) rendered from a
 * filing's ready mappings when staff mark it filed. The bytes live in the file store under
 * storage_key; this row names them for the owner's download.
 */
export const filingDocuments = pgTable(
  "filing_documents",
  {
    id: uuid("id").primaryKey(),
    filingId: uuid("filing_id")
      .notNull()
      .references(() => filings.id, { onDelete: "cascade" }),
    /** The mapping it was rendered from (null once that mapping is gone). */
    mappingId: uuid("mapping_id").references(() => statementMappings.id, { onDelete: "set null" }),
    /** The download name, unique per filing: rpie-2025-1011190036.pdf */
    name: text("name").notNull(),
    /** pdf | csv | xlsx | tc309 */
    kind: text("kind").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("filing_documents_filing_name_key").on(t.filingId, t.name),
    index("filing_documents_mapping_idx").on(t.mappingId),
  ],
);

/**
 * The audit report facts staff confirmed for a filing (issue 23, docs/statement-mapping.md
 * "Audit report and TC309"): what the TC309 checklist is drawn from and the TC309 flags
 * checked. One row per filing; amounts in dollars and cents as in the outputs.
 */
export const filingAuditReports = pgTable("filing_audit_reports", {
  filingId: uuid("filing_id")
    .primaryKey()
    .references(() => filings.id, { onDelete: "cascade" }),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** The uploaded audit report the facts were read from (null when entered without one, or once it is gone). */
  fileId: uuid("file_id").references(() => statementFiles.id, { onDelete: "set null" }),
  auditor: text("auditor"),
  cpaLicence: text("cpa_licence"),
  /** unmodified | qualified | adverse | disclaimer */
  opinion: text("opinion"),
  periodStart: text("period_start"),
  periodEnd: text("period_end"),
  totalIncome: numeric("total_income", { precision: 16, scale: 2, mode: "number" }),
  totalExpenses: numeric("total_expenses", { precision: 16, scale: 2, mode: "number" }),
  version: integer("version").notNull().default(1),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Photo links (issue 7, docs/warehouse.md "Photos by link"): a capability for one item that
 * lets a phone add photos without signing in. The link's hash carries this row's id signed
 * with the server's secret; the row says until when it is valid and whether it was revoked.
 */
export const inventoryPhotoLinks = pgTable(
  "inventory_photo_links",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("inventory_photo_links_item_idx").on(t.itemId),
    index("inventory_photo_links_company_idx").on(t.companyId),
  ],
);

/**
 * A stored item photo: the re-encoded image (WebP, EXIF removed, oriented) and its thumbnail in
 * the file store. `link_id` + `idempotency_key` make an upload replayed by an offline queue
 * answer the first result instead of adding the photo twice.
 */
export const inventoryPhotos = pgTable(
  "inventory_photos",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    linkId: uuid("link_id").references(() => inventoryPhotoLinks.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 (hex) of the bytes as uploaded: a key reused for other bytes is refused. */
    sourceSha256: text("source_sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    size: integer("size").notNull(),
    thumbKey: text("thumb_key").notNull(),
    thumbWidth: integer("thumb_width").notNull(),
    thumbHeight: integer("thumb_height").notNull(),
    createdAt: createdAt(),
    /**
     * When the cleanup job (photo-cleanup.ts) first found no live item or product of the company
     * referencing the photo; null while one does. Row and files are deleted once this is older
     * than INVENTORY_PHOTO_GRACE_HOURS.
     */
    unreferencedSince: timestamp("unreferenced_since", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("inventory_photos_link_key").on(t.linkId, t.idempotencyKey),
    index("inventory_photos_item_idx").on(t.itemId),
    index("inventory_photos_company_idx").on(t.companyId),
    index("inventory_photos_unreferenced_idx")
      .on(t.unreferencedSince)
      .where(sql`${t.unreferencedSince} is not null`),
    // Whether another photo still uses a file (the store keeps identical bytes once).
    index("inventory_photos_storage_key_idx").on(t.storageKey),
    index("inventory_photos_thumb_key_idx").on(t.thumbKey),
  ],
);

/**
 * A company's eBay seller account (docs/ebay.md): one per company, connected by a company admin.
 * Tokens are AES-256-GCM ciphertext (integrations/ebay/token-crypto.ts), bound to the row's id.
 */
export const ebayConnections = pgTable("ebay_connections", {
  id: uuid("id").primaryKey(),
  companyId: uuid("company_id")
    .notNull()
    .unique()
    .references(() => companies.id, { onDelete: "cascade" }),
  connectedBy: uuid("connected_by").references(() => users.id, { onDelete: "set null" }),
  ebayUserId: text("ebay_user_id"),
  ebayUsername: text("ebay_username"),
  accessToken: text("access_token").notNull(),
  accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
  refreshToken: text("refresh_token").notNull(),
  refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }).notNull(),
  /** connected | reconnect_needed (eBay refused a refresh). */
  state: text("state").notNull().default("connected"),
  message: text("message"),
  businessPolicies: boolean("business_policies").notNull().default(false),
  fulfillmentPolicyId: text("fulfillment_policy_id"),
  paymentPolicyId: text("payment_policy_id"),
  returnPolicyId: text("return_policy_id"),
  merchantLocationKey: text("merchant_location_key"),
  /** The order sync's high-water mark: eBay's lastModifiedDate of the newest order seen. */
  ordersCursor: timestamp("orders_cursor", { withTimezone: true }),
  ordersSyncedAt: timestamp("orders_synced_at", { withTimezone: true }),
  /** One process refreshes the token at a time (a lease, not a lock held across the call). */
  refreshLeaseUntil: timestamp("refresh_lease_until", { withTimezone: true }),
  /**
   * Photos to send to eBay ahead of a publish (docs/ebay.md "Photos"): moved on by the connect,
   * the setup's last step and (trigger of migration 0054) item changes that can make an item
   * ready to list; the listing job uploads while photos_done_seq is behind.
   */
  photosWantedSeq: bigint("photos_wanted_seq", { mode: "number" }).notNull().default(0),
  photosDoneSeq: bigint("photos_done_seq", { mode: "number" }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A consent request's `state`: single use, 10 minutes, bound to the user and company (stored hashed). */
export const ebayOauthStates = pgTable("ebay_oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * An item's eBay listing. `wanted_seq` moves on every request or local price/quantity change
 * (trigger of migration 0019); the eBay job brings the listing to `action` and sets `done_seq`.
 * Pending work = wanted_seq > done_seq.
 */
export const ebayListings = pgTable(
  "ebay_listings",
  {
    itemId: uuid("item_id")
      .primaryKey()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The SKU eBay knows the item by, fixed at its first publish (docs/ebay.md "SKUs"). */
    ebaySku: text("ebay_sku"),
    offerId: text("offer_id"),
    listingId: text("listing_id"),
    listingUrl: text("listing_url"),
    /** What eBay has: unlisted | published | withdrawn | deleted (pending and failed are derived). */
    state: text("state").notNull().default("unlisted"),
    /** publish | withdraw | delete | update (price/quantity) | autodelist */
    action: text("action"),
    requestId: uuid("request_id"),
    requestedBy: uuid("requested_by"),
    wantedSeq: bigint("wanted_seq", { mode: "number" }).notNull().default(0),
    doneSeq: bigint("done_seq", { mode: "number" }).notNull().default(0),
    error: text("error"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ebay_listings_company_sku_key").on(t.companyId, t.ebaySku),
    index("ebay_listings_pending_idx").on(t.companyId).where(sql`${t.wantedSeq} > ${t.doneSeq}`),
    index("ebay_listings_state_idx").on(t.state, t.updatedAt),
    index("ebay_listings_company_state_idx").on(t.companyId, t.state),
  ],
);

/**
 * A stored photo as eBay's picture service (EPS) has it: uploaded through the Media API ahead of
 * a publish or by the publish itself, used until eBay's expiry for unused pictures (docs/ebay.md
 * "Photos"). Deleted with the company's eBay connection (tokens and this data go together), with
 * the photo, and when the item no longer shows the photo. `error` is eBay's refusal of the last
 * upload (image_url null): the photo is not tried again ahead, only by a publish.
 */
export const ebayPhotos = pgTable(
  "ebay_photos",
  {
    photoId: uuid("photo_id")
      .primaryKey()
      .references(() => inventoryPhotos.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => ebayConnections.companyId, { onDelete: "cascade" }),
    /** The item whose photos list held the photo when it was sent. */
    itemId: uuid("item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    /** eBay's image id (the Location of createImageFromFile's answer, for getImage). */
    imageId: text("image_id"),
    imageUrl: text("image_url"),
    /** When eBay removes the picture if no active listing uses it (ImageResponse.expirationDate). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ebay_photos_company_idx").on(t.companyId),
    // The item's deletion (a company's, cascading) finds its pictures without a scan.
    index("ebay_photos_item_idx").on(t.itemId),
  ],
);

/** One order line of a seller's eBay order (Fulfillment API), with the item it sold. */
export const ebayOrders = pgTable(
  "ebay_orders",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    lineItemId: text("line_item_id").notNull(),
    itemId: uuid("item_id").references(() => inventoryItems.id, { onDelete: "set null" }),
    sku: text("sku").notNull(),
    title: text("title").notNull(),
    quantity: integer("quantity").notNull(),
    priceCents: bigint("price_cents", { mode: "number" }).notNull(),
    feesCents: bigint("fees_cents", { mode: "number" }),
    buyerUsername: text("buyer_username"),
    buyerName: text("buyer_name"),
    buyerCity: text("buyer_city"),
    /** sold | awaiting_shipment | shipped | delivered */
    status: text("status").notNull(),
    /** The quantity already taken off the item (an order counts once, however often it is seen). */
    decremented: boolean("decremented").notNull().default(false),
    orderCreatedAt: timestamp("order_created_at", { withTimezone: true }).notNull(),
    lastModifiedAt: timestamp("last_modified_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ebay_orders_line_key").on(t.companyId, t.orderId, t.lineItemId),
    index("ebay_orders_item_idx").on(t.itemId),
    index("ebay_orders_company_idx").on(t.companyId, t.orderCreatedAt),
    index("ebay_orders_company_buyer_idx").on(t.companyId, t.buyerUsername),
  ],
);

/**
 * The admin seller list's figures, one row per company (migration 0053; since 0055 every company
 * has one from its creation, so `companies=all` walks these indexes): live items (total and by
 * status), the last item write, published eBay listings and eBay order lines. Kept by
 * statement-level triggers on companies, inventory_items, ebay_listings and ebay_orders (one
 * aggregate of each statement's transition table, so a 5,000-row bulk insert writes one row here
 * per company), never by application code; docs/architecture.md "Seller list figures".
 */
export const sellerSummaries = pgTable(
  "seller_summaries",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    items: integer("items").notNull().default(0),
    /** Live items by status: { "draft": 3, "listed": 2 } (statuses with none are left out). */
    byStatus: jsonb("by_status").$type<Record<string, number>>().notNull().default({}),
    /** The newest `updated_at` of an item inserted or updated (a hard delete does not move it). */
    lastActivity: timestamp("last_activity", { withTimezone: true }),
    listings: integer("listings").notNull().default(0),
    sales: integer("sales").notNull().default(0),
  },
  (t) => [
    index("seller_summaries_items_idx").on(t.items, t.companyId).where(sql`${t.items} > 0`),
    index("seller_summaries_listings_idx").on(t.listings, t.companyId).where(sql`${t.items} > 0`),
    index("seller_summaries_sales_idx").on(t.sales, t.companyId).where(sql`${t.items} > 0`),
    index("seller_summaries_activity_idx").on(t.lastActivity, t.companyId).where(sql`${t.items} > 0`),
    // every company, items or not (`companies=all`, migration 0055): never active sorts oldest
    index("seller_summaries_all_items_idx").on(t.items, t.companyId),
    index("seller_summaries_all_listings_idx").on(t.listings, t.companyId),
    index("seller_summaries_all_sales_idx").on(t.sales, t.companyId),
    index("seller_summaries_all_activity_idx").on(
      sql`coalesce(${t.lastActivity}, '-infinity'::timestamptz)`,
      t.companyId,
    ),
  ],
);

/**
 * What the company keeps about one of its eBay buyers (docs/commerce.md): its own name for them,
 * contact fields and a note. Keyed by the buyer's eBay user name; deleted with the buyer's other
 * data when eBay reports the account deleted (account-deletion.ts).
 */
export const commerceCustomers = pgTable(
  "commerce_customers",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    buyerUsername: text("buyer_username").notNull(),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    note: text("note"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.buyerUsername] }),
    index("commerce_customers_buyer_idx").on(t.buyerUsername),
  ],
);

/** eBay's notification public keys by key id (getPublicKey), cached. */
export const ebayPublicKeys = pgTable("ebay_public_keys", {
  kid: text("kid").primaryKey(),
  algorithm: text("algorithm").notNull(),
  digest: text("digest").notNull(),
  pem: text("pem").notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Account-deletion notifications handled (by eBay's notification id: a repeat changes nothing). */
export const ebayAccountDeletions = pgTable("ebay_account_deletions", {
  notificationId: text("notification_id").primaryKey(),
  ebayUserId: text("ebay_user_id"),
  ebayUsername: text("ebay_username"),
  connectionsDeleted: integer("connections_deleted").notNull().default(0),
  ordersCleared: integer("orders_cleared").notNull().default(0),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Kanban (issue 14, docs/kanban.md): four synced company types (domain/kanban/synced-types.ts)
 * with the sync module's columns. `position` is a fractional ordering key (domain/sync/order-key.ts)
 * compared byte-wise (COLLATE "C", set in migration 0020). Board and column references are checked
 * by the server inside the company (modules/kanban/store.ts), not by foreign keys: soft-deleted
 * rows stay as tombstones and a replayed write names a record by id.
 */
export const kanbanBoards = pgTable(
  "kanban_boards",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    ...inventoryCommon(),
  },
  (t) => [index("kanban_boards_company_seq_idx").on(t.companyId, t.changeSeq)],
);

export const kanbanColumns = pgTable(
  "kanban_columns",
  {
    id: uuid("id").primaryKey(),
    boardId: uuid("board_id").notNull(),
    name: text("name").notNull(),
    position: text("position").notNull(),
    ...inventoryCommon(),
  },
  (t) => [
    index("kanban_columns_company_seq_idx").on(t.companyId, t.changeSeq),
    index("kanban_columns_board_idx").on(t.boardId),
  ],
);

export const kanbanTasks = pgTable(
  "kanban_tasks",
  {
    id: uuid("id").primaryKey(),
    boardId: uuid("board_id").notNull(),
    columnId: uuid("column_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    position: text("position").notNull(),
    dueDate: text("due_date"),
    labels: jsonb("labels").$type<string[]>().notNull().default([]),
    assignees: jsonb("assignees").$type<string[]>().notNull().default([]),
    checklists: jsonb("checklists")
      .$type<{ id: string; title: string; items: { id: string; text: string; done: boolean }[] }[]>()
      .notNull()
      .default([]),
    ...inventoryCommon(),
  },
  (t) => [
    index("kanban_tasks_company_seq_idx").on(t.companyId, t.changeSeq),
    index("kanban_tasks_column_idx").on(t.columnId),
  ],
);

export const kanbanComments = pgTable(
  "kanban_comments",
  {
    id: uuid("id").primaryKey(),
    taskId: uuid("task_id").notNull(),
    body: text("body").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    ...inventoryCommon(),
  },
  (t) => [
    index("kanban_comments_company_seq_idx").on(t.companyId, t.changeSeq),
    index("kanban_comments_task_idx").on(t.taskId),
  ],
);

/**
 * Files attached to kanban tasks (docs/kanban.md "Attachments"): the bytes live in the file store
 * (content-addressed, docs/files.md), typed by content like statement files. Written online
 * through /api/kanban/tasks/{id}/attachments; the devices keep them as the read-only synced type
 * `kanban-attachment` (the change feed carries them; `change_seq` from the sync triggers of
 * migration 0052). `deleted_at` hides a removed one (a tombstone in the feed); the bytes stay
 * (other records may name the same key).
 */
export const kanbanAttachments = pgTable(
  "kanban_attachments",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    taskId: uuid("task_id").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    kind: text("kind").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Set by the sync trigger on every insert and update (the value written here is replaced). */
    changeSeq: bigint("change_seq", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    index("kanban_attachments_task_idx").on(t.taskId, t.createdAt),
    index("kanban_attachments_key_idx").on(t.storageKey),
    index("kanban_attachments_company_seq_idx").on(t.companyId, t.changeSeq),
  ],
);

/**
 * Calendar (issue 14, docs/calendar.md): a company's events, a synced company type
 * (domain/calendar/synced-types.ts). `visibility` private: only `owner_id` reads it (the sync
 * module's `visibility` filter, modules/calendar/store.ts). Bounds are text: a day
 * (`YYYY-MM-DD`) for an all-day event, an ISO instant otherwise; `end` is exclusive.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: uuid("id").primaryKey(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    start: text("start").notNull(),
    end: text("end").notNull(),
    allDay: boolean("all_day").notNull().default(false),
    colour: text("colour").notNull().default("blue"),
    /** company | private */
    visibility: text("visibility").notNull().default("company"),
    ...inventoryCommon(),
  },
  (t) => [index("calendar_events_company_seq_idx").on(t.companyId, t.changeSeq)],
);

/**
 * A member's secret ICS feed URL (docs/calendar.md "ICS feed"): only the SHA-256 of the token is
 * kept; revoking deletes the row, so the old URL answers 404. One feed per member and company.
 */
export const calendarFeedTokens = pgTable(
  "calendar_feed_tokens",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("calendar_feed_tokens_hash_key").on(t.tokenHash),
    uniqueIndex("calendar_feed_tokens_user_company_key").on(t.userId, t.companyId),
  ],
);

/** Columns of a user's synced records (docs/offline.md "How to add a synced type", scope "user"). */
const userSyncedCommon = () => ({
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The company the user was working in when the record was made (informational; null for mail from outside). */
  companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
  version: integer("version").notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  changeSeq: bigint("change_seq", { mode: "number" }).notNull().default(0),
});

/**
 * A message in one user's mailbox (docs/mail.md): one row per mailbox it is in — the sender's
 * copy and each product recipient's copy are separate records. Threads are the rows sharing a
 * `thread_id`. Bodies are sanitised before they are stored.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: uuid("id").primaryKey(),
    threadId: uuid("thread_id").notNull(),
    /** RFC 5322 Message-ID, without angle brackets. */
    messageId: text("message_id").notNull(),
    inReplyTo: text("in_reply_to").notNull().default(""),
    references: jsonb("references").$type<string[]>().notNull().default([]),
    from: text("from").notNull().default(""),
    fromName: text("from_name").notNull().default(""),
    to: jsonb("to").$type<string[]>().notNull().default([]),
    cc: jsonb("cc").$type<string[]>().notNull().default([]),
    subject: text("subject").notNull().default(""),
    html: text("html").notNull().default(""),
    text: text("text").notNull().default(""),
    labels: jsonb("labels").$type<string[]>().notNull().default([]),
    read: boolean("read").notNull().default(false),
    /** draft | outbox | sent | received */
    state: text("state").notNull().default("draft"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** For a sent copy with outside recipients: when the SMTP job handed it to SMTP_URL. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    ...userSyncedCommon(),
  },
  (t) => [
    index("mail_messages_user_seq_idx").on(t.userId, t.changeSeq),
    index("mail_messages_user_thread_idx").on(t.userId, t.threadId),
    index("mail_messages_user_message_id_idx").on(t.userId, t.messageId),
    index("mail_messages_user_sent_idx").on(t.userId, t.sentAt),
    // A mailbox's list order (modules/mail/store.ts `listOrder`): a label's newest page is a walk
    // of this index from its end, not a sort of the whole mailbox (docs/benchmarks.md).
    index("mail_messages_user_list_idx")
      .on(
        t.userId,
        sql`date_trunc('milliseconds', timezone('UTC', coalesce(${t.sentAt}, ${t.updatedAt})))`,
        t.id,
      )
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A user's own mail label. */
export const mailLabels = pgTable(
  "mail_labels",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    colour: text("colour").notNull().default("gray"),
    ...userSyncedCommon(),
  },
  (t) => [index("mail_labels_user_seq_idx").on(t.userId, t.changeSeq)],
);

/**
 * The bell (issue 16, docs/notifications.md): one row per recipient of a product event. The
 * spec's fields (id, type, createdAt, author, avatar, job, company, description, read) with the
 * recipient, the company it is about (never shown to another company's member) and the app path
 * it links to. `read_at` null = unread. Read rows older than 90 days are pruned
 * (modules/notifications/prune-job.ts). Every change notifies `notifications_changed` with the
 * recipient's id on commit (migration 0027), which GET /api/events passes on to that user.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** domain/notifications/types.ts NOTIFICATION_TYPES. */
    type: text("type").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's name and photo when it was created ("Blocklot" for the system). */
    author: text("author").notNull(),
    avatar: text("avatar"),
    /** What the author does ("Filing staff", "Company admin"), the spec's `job`. */
    job: text("job"),
    description: text("description").notNull(),
    /** An app path (starts with "/"), what the notification is about. */
    link: text("link"),
    /**
     * One notification per user and key, refreshed rather than repeated (an import's chunks
     * refresh its one "import finished" notification); null for one-off events.
     */
    key: text("key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    /**
     * When the user removed it: hidden at once, restorable by its undo until the daily prune
     * deletes it a day later (docs/notifications.md).
     */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_read_idx").on(t.readAt).where(sql`${t.readAt} is not null`),
    index("notifications_company_idx").on(t.companyId),
    index("notifications_author_idx").on(t.authorId),
    uniqueIndex("notifications_user_key").on(t.userId, t.key).where(sql`${t.key} is not null`),
    index("notifications_removed_idx").on(t.removedAt).where(sql`${t.removedAt} is not null`),
  ],
);

/**
 * Web Push subscriptions (docs/notifications.md "Web Push"): one per device (browser profile),
 * keyed by the push service's endpoint URL. A device that subscribes again under another account
 * moves to that account. Removed when the push service answers 404/410 or the user turns push off.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url) that encrypt each payload. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/** A user's per-type push switch; a type without a row is pushed. */
export const pushSettings = pgTable(
  "push_settings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** domain/notifications/types.ts NOTIFICATION_TYPES. */
    type: text("type").notNull(),
    enabled: boolean("enabled").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * Articles of the public blog (/articles, docs/articles.md): Markdown written by staff, rendered
 * and sanitised by the server. A scheduled article counts as published from publish_at on.
 */
export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    bodyMd: text("body_md").notNull().default(""),
    /** A site path ("/images/…") or an https URL. */
    coverImage: text("cover_image"),
    tags: text("tags").array().notNull().default(sql`ARRAY[]::text[]`),
    author: text("author").notNull().default(""),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    state: text("state")
      .$type<"draft" | "scheduled" | "published" | "unpublished">()
      .notNull()
      .default("draft"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("articles_slug_key").on(t.slug),
    index("articles_state_published_idx").on(t.state, t.publishedAt, t.id),
    index("articles_updated_idx").on(t.updatedAt, t.id),
    check("articles_state_check", sql`${t.state} in ('draft', 'scheduled', 'published', 'unpublished')`),
    check("articles_scheduled_has_date", sql`${t.state} <> 'scheduled' or ${t.publishAt} is not null`),
  ],
);

/**
 * Images staff upload for articles (cover or inline), stored in the file store. Guests get one
 * only while a published article names its address (docs/articles.md "Images").
 */
export const articleImages = pgTable(
  "article_images",
  {
    id: uuid("id").primaryKey(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    kind: text("kind").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("article_images_storage_key_idx").on(t.storageKey)],
);

/** An article's earlier slugs: /articles/{old} redirects to its current slug. */
export const articleSlugRedirects = pgTable("article_slug_redirects", {
  oldSlug: text("old_slug").primaryKey(),
  articleId: uuid("article_id")
    .notNull()
    .references(() => articles.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * Chat threads (issue 16, docs/chat.md): a company's conversation with the filing staff
 * (`user`) or, one per seller company, with the marketplace staff (`support-marketplace`).
 * `hash` is the spec's stable random link id. `last_seq` numbers every change of the thread's
 * messages (taken under the row's lock, so the numbers follow commit order): a message's `seq`
 * orders the thread, its `rev` says when it last changed, and a client catches up by `rev`.
 */
export const chatThreads = pgTable(
  "chat_threads",
  {
    id: uuid("id").primaryKey(),
    hash: text("hash").notNull(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** domain/chat/types.ts CHAT_THREAD_KINDS. */
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    assignedTo: uuid("assigned_to").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("chat_threads_hash_key").on(t.hash),
    index("chat_threads_company_idx").on(t.companyId, t.updatedAt),
    index("chat_threads_kind_updated_idx").on(t.kind, t.updatedAt, t.id),
    index("chat_threads_assigned_idx").on(t.assignedTo),
    index("chat_threads_created_by_idx").on(t.createdBy),
    uniqueIndex("chat_threads_one_support").on(t.companyId).where(sql`${t.kind} = 'support-marketplace'`),
    check("chat_threads_kind_check", sql`${t.kind} in ('user', 'support-marketplace')`),
  ],
);

/**
 * Chat messages: plain text (the client makes links clickable). `client_key` is the sender's
 * Idempotency-Key: the same key again answers this message instead of adding another.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    rev: bigint("rev", { mode: "number" }).notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's name when it was written. */
    author: text("author").notNull(),
    /** The author was staff, not a member of the thread's company. */
    staff: boolean("staff").notNull().default(false),
    body: text("body").notNull(),
    clientKey: text("client_key"),
    createdAt: createdAt(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_messages_thread_seq_key").on(t.threadId, t.seq),
    index("chat_messages_thread_rev_idx").on(t.threadId, t.rev),
    index("chat_messages_author_idx").on(t.authorId),
    uniqueIndex("chat_messages_client_key")
      .on(t.authorId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

/**
 * Files attached to chat messages (docs/chat.md "Attachments"): the bytes live in the file store
 * (content-addressed); a row is uploaded to a thread first (`message_id` null) and claimed by the
 * message that carries it.
 */
export const chatAttachments = pgTable(
  "chat_attachments",
  {
    id: uuid("id").primaryKey(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => chatMessages.id, { onDelete: "cascade" }),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    kind: text("kind").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_attachments_message_idx").on(t.messageId),
    index("chat_attachments_thread_idx").on(t.threadId),
    index("chat_attachments_storage_key_idx").on(t.storageKey),
  ],
);

/** Each reader's place in a thread: messages of others after `seen_seq` are unread to them. */
export const chatReads = pgTable(
  "chat_reads",
  {
    threadId: uuid("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seenSeq: bigint("seen_seq", { mode: "number" }).notNull().default(0),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index("chat_reads_user_idx").on(t.userId)],
);

/**
 * The Academy (docs/academy.md): the lessons each user marked done. Per user, not per company:
 * what someone learnt follows them. Ids are domain/academy/courses.ts ACADEMY_COURSES.
 */
export const academyProgress = pgTable(
  "academy_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: text("course_id").notNull(),
    lessonId: text("lesson_id").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.lessonId] })],
);
