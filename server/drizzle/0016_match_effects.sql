CREATE TABLE "match_effects" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"key" varchar(128) DEFAULT '' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "match_effects" ADD CONSTRAINT "match_effects_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_effects_idempotency_idx" ON "match_effects" USING btree ("match_id","kind","key");--> statement-breakpoint
CREATE INDEX "match_effects_due_idx" ON "match_effects" USING btree ("next_attempt_at") WHERE "match_effects"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "match_effects_match_idx" ON "match_effects" USING btree ("match_id");