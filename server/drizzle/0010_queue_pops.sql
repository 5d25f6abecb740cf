CREATE TABLE "solo_queue_pops" (
	"id" serial PRIMARY KEY NOT NULL,
	"solo_queue_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"match_id" integer,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solo_queue_pops_status_valid" CHECK ("solo_queue_pops"."status" in ('open', 'matched', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "solo_queue_cooldowns" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solo_queue_entries" ADD COLUMN "pop_id" integer;--> statement-breakpoint
ALTER TABLE "solo_queue_entries" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "solo_queue_pops" ADD CONSTRAINT "solo_queue_pops_solo_queue_id_solo_queues_id_fk" FOREIGN KEY ("solo_queue_id") REFERENCES "public"."solo_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_queue_pops" ADD CONSTRAINT "solo_queue_pops_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_queue_cooldowns" ADD CONSTRAINT "solo_queue_cooldowns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solo_queue_pops_due_idx" ON "solo_queue_pops" USING btree ("deadline") WHERE "solo_queue_pops"."status" = 'open';--> statement-breakpoint
ALTER TABLE "solo_queue_entries" ADD CONSTRAINT "solo_queue_entries_pop_id_solo_queue_pops_id_fk" FOREIGN KEY ("pop_id") REFERENCES "public"."solo_queue_pops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solo_queue_entries_pop_idx" ON "solo_queue_entries" USING btree ("pop_id");