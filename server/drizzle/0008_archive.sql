ALTER TABLE "ladders" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "archived_at" timestamp with time zone;