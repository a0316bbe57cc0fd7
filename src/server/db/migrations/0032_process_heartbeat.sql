CREATE TABLE "server_processes" (
	"boot_id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "owner_boot" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_boot" uuid;--> statement-breakpoint
CREATE INDEX "server_processes_heartbeat_idx" ON "server_processes" USING btree ("heartbeat_at");