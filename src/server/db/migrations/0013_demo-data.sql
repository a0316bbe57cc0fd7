ALTER TABLE "companies" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Databases seeded before this migration: the four fixed demo accounts of `npm run seed` (reserved .example addresses) are demo data,
UPDATE "users" SET "demo" = true WHERE lower("email") IN ('admin@demo-realty.example', 'employee@demo-realty.example', 'seller@demo-realty.example', 'superadmin@demo-realty.example');--> statement-breakpoint
-- and so is every company whose members are all demo accounts (Demo Realty LLC and each demo account's own company).
UPDATE "companies" c SET "demo" = true
 WHERE EXISTS (SELECT 1 FROM "company_members" m JOIN "users" u ON u."id" = m."user_id" WHERE m."company_id" = c."id" AND u."demo")
   AND NOT EXISTS (SELECT 1 FROM "company_members" m JOIN "users" u ON u."id" = m."user_id" WHERE m."company_id" = c."id" AND NOT u."demo");
