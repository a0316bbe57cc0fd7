-- Kanban (issue 14, docs/kanban.md): boards, columns, tasks and comments, four synced company
-- types on the sync module (docs/offline.md "How to add a synced type"). Positions are fractional
-- ordering keys compared byte-wise (COLLATE "C"), as the browser compares them.
CREATE TABLE "kanban_boards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kanban_columns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"board_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" text COLLATE "C" NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kanban_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"company_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kanban_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"board_id" uuid NOT NULL,
	"column_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" text COLLATE "C" NOT NULL,
	"due_date" text,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assignees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checklists" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kanban_boards" ADD CONSTRAINT "kanban_boards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_columns" ADD CONSTRAINT "kanban_columns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_comments" ADD CONSTRAINT "kanban_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_comments" ADD CONSTRAINT "kanban_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_tasks" ADD CONSTRAINT "kanban_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kanban_boards_company_seq_idx" ON "kanban_boards" USING btree ("company_id","change_seq");--> statement-breakpoint
CREATE INDEX "kanban_columns_company_seq_idx" ON "kanban_columns" USING btree ("company_id","change_seq");--> statement-breakpoint
CREATE INDEX "kanban_columns_board_idx" ON "kanban_columns" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "kanban_comments_company_seq_idx" ON "kanban_comments" USING btree ("company_id","change_seq");--> statement-breakpoint
CREATE INDEX "kanban_comments_task_idx" ON "kanban_comments" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "kanban_tasks_company_seq_idx" ON "kanban_tasks" USING btree ("company_id","change_seq");--> statement-breakpoint
CREATE INDEX "kanban_tasks_column_idx" ON "kanban_tasks" USING btree ("column_id");--> statement-breakpoint
CREATE TRIGGER kanban_boards_seq_ins BEFORE INSERT ON "kanban_boards" FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER kanban_boards_seq_upd BEFORE UPDATE ON "kanban_boards" FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER kanban_boards_notify_ins AFTER INSERT ON "kanban_boards" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('kanban-board', 'company');
--> statement-breakpoint
CREATE TRIGGER kanban_boards_notify_upd AFTER UPDATE ON "kanban_boards" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('kanban-board', 'company');
--> statement-breakpoint
CREATE TRIGGER kanban_columns_seq_ins BEFORE INSERT ON "kanban_columns" FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER kanban_columns_seq_upd BEFORE UPDATE ON "kanban_columns" FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER kanban_columns_notify_ins AFTER INSERT ON "kanban_columns" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('kanban-column', 'company');
--> statement-breakpoint
CREATE TRIGGER kanban_columns_notify_upd AFTER UPDATE ON "kanban_columns" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('kanban-column', 'company');
--> statement-breakpoint
CREATE TRIGGER kanban_tasks_seq_ins BEFORE INSERT ON "kanban_tasks" FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER kanban_tasks_seq_upd BEFORE UPDATE ON "kanban_tasks" FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER kanban_tasks_notify_ins AFTER INSERT ON "kanban_tasks" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('kanban-task', 'company');
--> statement-breakpoint
CREATE TRIGGER kanban_tasks_notify_upd AFTER UPDATE ON "kanban_tasks" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('kanban-task', 'company');
--> statement-breakpoint
CREATE TRIGGER kanban_comments_seq_ins BEFORE INSERT ON "kanban_comments" FOR EACH ROW WHEN (NEW.change_seq = 0) EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER kanban_comments_seq_upd BEFORE UPDATE ON "kanban_comments" FOR EACH ROW EXECUTE FUNCTION blocklot_sync_change_seq('company');
--> statement-breakpoint
CREATE TRIGGER kanban_comments_notify_ins AFTER INSERT ON "kanban_comments" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('kanban-comment', 'company');
--> statement-breakpoint
CREATE TRIGGER kanban_comments_notify_upd AFTER UPDATE ON "kanban_comments" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION blocklot_sync_notify('kanban-comment', 'company');
