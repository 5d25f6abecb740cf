CREATE TABLE "tournament_round_windows" (
	"tournament_id" integer NOT NULL,
	"round" smallint NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"fallback" varchar(16) NOT NULL,
	"default_time" timestamp with time zone,
	CONSTRAINT "tournament_round_windows_tournament_id_round_pk" PRIMARY KEY("tournament_id","round"),
	CONSTRAINT "tournament_round_windows_order" CHECK ("tournament_round_windows"."opens_at" < "tournament_round_windows"."deadline"),
	CONSTRAINT "tournament_round_windows_fallback" CHECK (("tournament_round_windows"."fallback" = 'forfeit' and "tournament_round_windows"."default_time" is null)
        or ("tournament_round_windows"."fallback" = 'default_time' and "tournament_round_windows"."default_time" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token" varchar(64);--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "time_proposal" jsonb;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "time_agreed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "start_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_round_windows" ADD CONSTRAINT "tournament_round_windows_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_token_unique" ON "users" USING btree ("calendar_token");--> statement-breakpoint
CREATE INDEX "matches_reminder_due_idx" ON "matches" USING btree ("start_date") WHERE "matches"."time_agreed" and "matches"."start_reminded_at" is null and "matches"."status_id" = 3;