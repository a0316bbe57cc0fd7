CREATE INDEX "audit_log_user_action_idx" ON "audit_log" USING btree ("user_id","action","created_at");--> statement-breakpoint
CREATE INDEX "clarity_ids_created_at_idx" ON "clarity_ids" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clarity_ids_clarity_id_idx" ON "clarity_ids" USING btree ("clarity_id","id");--> statement-breakpoint
CREATE INDEX "ebay_listings_company_state_idx" ON "ebay_listings" USING btree ("company_id","state");--> statement-breakpoint
CREATE INDEX "users_display_name_idx" ON "users" USING btree (lower("display_name"),"id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_confirmed_at_idx" ON "users" USING btree ("email_confirmed_at","id");