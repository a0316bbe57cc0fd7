-- Nothing has read or written handled_at since the staff inbox (0030) gave demo requests a state.
-- A row someone marked handled by hand keeps that fact as "closed" before the column goes.
UPDATE "demo_requests" SET "state" = 'closed', "state_changed_at" = "handled_at" WHERE "handled_at" IS NOT NULL AND "state" = 'new';--> statement-breakpoint
ALTER TABLE "demo_requests" DROP COLUMN "handled_at";
