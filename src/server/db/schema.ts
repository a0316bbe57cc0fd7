import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_sub_key").on(t.googleSub),
  ],
);

export const companies = pgTable("companies", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  phone: text("phone"),
  email: text("email"),
  address: text("address"),
  website: text("website"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
  (t) => [uniqueIndex("clarity_ids_user_clarity_key").on(t.userId, t.clarityId)],
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
  (t) => [index("audit_log_user_idx").on(t.userId)],
);

/** Messages sent from the public Contact Us page; staff are mailed a copy. */
export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  company: text("company"),
  phone: text("phone"),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/** Demo requests from /request-demo, reviewed by staff in /admin/demo-requests. */
export const demoRequests = pgTable("demo_requests", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  company: text("company"),
  phone: text("phone"),
  interest: text("interest"),
  message: text("message"),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  createdAt: createdAt(),
});

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
