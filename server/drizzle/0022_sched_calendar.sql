ALTER TABLE "users" ADD COLUMN "calendar_token" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_token_unique" ON "users" USING btree ("calendar_token");