CREATE TYPE "public"."tournament_format" AS ENUM('single_elimination', 'double_elimination', 'round_robin', 'swiss', 'two_stage');--> statement-breakpoint
CREATE TABLE "ladder_season_standings" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"rank" smallint NOT NULL,
	"rating" integer NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"draws" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ladder_seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"ladder_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"name" varchar(100) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ladder_seasons_ends_after_start" CHECK ("ladder_seasons"."ends_at" is null or "ladder_seasons"."ends_at" > "ladder_seasons"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "ladders" ADD COLUMN "score_approval_seconds" integer;--> statement-breakpoint
ALTER TABLE "ladders" ADD COLUMN "dispute_window_seconds" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "score_approval_seconds" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "dispute_window_seconds" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "format" "tournament_format" DEFAULT 'single_elimination' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "third_place_match" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "grand_final_reset" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "group_count" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "swiss_rounds" smallint;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "group_stage" varchar(16) DEFAULT 'round_robin' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "playoff_teams" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "seeding" varchar(8) DEFAULT 'rating' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "check_in_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "bracket" jsonb;--> statement-breakpoint
ALTER TABLE "tournament_teams" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD COLUMN "score_approval_seconds" integer;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD COLUMN "dispute_window_seconds" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "bracket_ref" varchar(32);--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "ladder_season_standings" ADD CONSTRAINT "ladder_season_standings_season_id_ladder_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."ladder_seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ladder_season_standings" ADD CONSTRAINT "ladder_season_standings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ladder_seasons" ADD CONSTRAINT "ladder_seasons_ladder_id_ladders_id_fk" FOREIGN KEY ("ladder_id") REFERENCES "public"."ladders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ladder_season_standings_season_team_unique" ON "ladder_season_standings" USING btree ("season_id","team_id");--> statement-breakpoint
CREATE INDEX "ladder_season_standings_team_idx" ON "ladder_season_standings" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ladder_seasons_ladder_number_unique" ON "ladder_seasons" USING btree ("ladder_id","number");--> statement-breakpoint
CREATE INDEX "ladder_seasons_due_idx" ON "ladder_seasons" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_group_count_valid" CHECK ("tournaments"."group_count" between 1 and 32);--> statement-breakpoint
-- A match copies the engine fields of its competition when it is created, so editing the competition
-- never changes a match already created (custom SQL: drizzle-kit does not generate triggers).
CREATE OR REPLACE FUNCTION matches_snapshot_settings() RETURNS trigger AS $$
BEGIN
  IF NEW.settings IS NULL THEN
    IF NEW.ladder_id IS NOT NULL THEN
      SELECT jsonb_build_object('mapPoolId', map_pool_id, 'vetoTurnSeconds', veto_turn_seconds,
        'promodMode', promod_mode, 'scoreApprovalSeconds', score_approval_seconds,
        'disputeWindowSeconds', dispute_window_seconds)
        INTO NEW.settings FROM ladders WHERE id = NEW.ladder_id;
    ELSIF NEW.tournament_id IS NOT NULL THEN
      SELECT jsonb_build_object('mapPoolId', map_pool_id, 'vetoTurnSeconds', veto_turn_seconds,
        'promodMode', promod_mode, 'scoreApprovalSeconds', score_approval_seconds,
        'disputeWindowSeconds', dispute_window_seconds, 'readyCheckMinutes', ready_check_minutes)
        INTO NEW.settings FROM tournaments WHERE id = NEW.tournament_id;
    ELSIF NEW.solo_queue_id IS NOT NULL THEN
      SELECT jsonb_build_object('mapPoolId', map_pool_id, 'vetoTurnSeconds', veto_turn_seconds,
        'promodMode', promod_mode, 'scoreApprovalSeconds', score_approval_seconds,
        'disputeWindowSeconds', dispute_window_seconds, 'pickTurnSeconds', pick_turn_seconds,
        'locationVoteSeconds', location_vote_seconds)
        INTO NEW.settings FROM solo_queues WHERE id = NEW.solo_queue_id;
    END IF;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER matches_snapshot_settings BEFORE INSERT ON matches
  FOR EACH ROW EXECUTE FUNCTION matches_snapshot_settings();
