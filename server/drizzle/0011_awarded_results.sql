ALTER TABLE "matches" ADD COLUMN "award_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "awarded_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_awarded_by_user_id_users_id_fk" FOREIGN KEY ("awarded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;