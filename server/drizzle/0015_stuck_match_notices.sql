CREATE TABLE "stuck_match_notices" (
	"match_id" integer NOT NULL,
	"reason_key" varchar(96) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stuck_match_notices_match_id_reason_key_pk" PRIMARY KEY("match_id","reason_key")
);
--> statement-breakpoint
ALTER TABLE "stuck_match_notices" ADD CONSTRAINT "stuck_match_notices_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;