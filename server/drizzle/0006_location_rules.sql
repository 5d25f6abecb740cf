CREATE TABLE "location_pings" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_pings_ms_valid" CHECK ("location_pings"."ms" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "ladders" ADD COLUMN "location_rule" varchar(8) DEFAULT 'vote' NOT NULL;--> statement-breakpoint
ALTER TABLE "ladders" ADD COLUMN "location_vote_seconds" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "ladders" ADD COLUMN "fixed_location_id" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "location_rule" varchar(8) DEFAULT 'vote' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "location_vote_seconds" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "fixed_location_id" integer;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD COLUMN "location_rule" varchar(8) DEFAULT 'vote' NOT NULL;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD COLUMN "fixed_location_id" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "location_decided_by" varchar(16);--> statement-breakpoint
ALTER TABLE "location_pings" ADD CONSTRAINT "location_pings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_pings" ADD CONSTRAINT "location_pings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_pings" ADD CONSTRAINT "location_pings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "location_pings_match_user_location_unique" ON "location_pings" USING btree ("match_id","user_id","location_id");--> statement-breakpoint
ALTER TABLE "ladders" ADD CONSTRAINT "ladders_fixed_location_id_locations_id_fk" FOREIGN KEY ("fixed_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_fixed_location_id_locations_id_fk" FOREIGN KEY ("fixed_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD CONSTRAINT "solo_queues_fixed_location_id_locations_id_fk" FOREIGN KEY ("fixed_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ladders" ADD CONSTRAINT "ladders_location_rule_valid" CHECK ("ladders"."location_rule" in ('vote', 'fixed') and ("ladders"."location_rule" = 'vote' or "ladders"."fixed_location_id" is not null));--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_location_rule_valid" CHECK ("tournaments"."location_rule" in ('vote', 'fixed') and ("tournaments"."location_rule" = 'vote' or "tournaments"."fixed_location_id" is not null));--> statement-breakpoint
ALTER TABLE "solo_queues" ADD CONSTRAINT "solo_queues_location_rule_valid" CHECK ("solo_queues"."location_rule" in ('vote', 'fixed') and ("solo_queues"."location_rule" = 'vote' or "solo_queues"."fixed_location_id" is not null));--> statement-breakpoint
CREATE OR REPLACE FUNCTION matches_snapshot_settings() RETURNS trigger AS $$
BEGIN
  IF NEW.settings IS NULL THEN
    IF NEW.ladder_id IS NOT NULL THEN
      SELECT jsonb_build_object('mapPoolId', map_pool_id, 'vetoTurnSeconds', veto_turn_seconds,
        'promodMode', promod_mode, 'scoreApprovalSeconds', score_approval_seconds,
        'disputeWindowSeconds', dispute_window_seconds, 'teamSize', team_size,
        'drawsAllowed', draws_allowed, 'locationRule', location_rule, 'fixedLocationId', fixed_location_id,
        'locationVoteSeconds', location_vote_seconds)
        INTO NEW.settings FROM ladders WHERE id = NEW.ladder_id;
    ELSIF NEW.tournament_id IS NOT NULL THEN
      SELECT jsonb_build_object('mapPoolId', map_pool_id, 'vetoTurnSeconds', veto_turn_seconds,
        'promodMode', promod_mode, 'scoreApprovalSeconds', score_approval_seconds,
        'disputeWindowSeconds', dispute_window_seconds, 'readyCheckMinutes', ready_check_minutes,
        'teamSize', team_size, 'drawsAllowed', draws_allowed, 'locationRule', location_rule,
        'fixedLocationId', fixed_location_id, 'locationVoteSeconds', location_vote_seconds)
        INTO NEW.settings FROM tournaments WHERE id = NEW.tournament_id;
    ELSIF NEW.solo_queue_id IS NOT NULL THEN
      SELECT jsonb_build_object('mapPoolId', map_pool_id, 'vetoTurnSeconds', veto_turn_seconds,
        'promodMode', promod_mode, 'scoreApprovalSeconds', score_approval_seconds,
        'disputeWindowSeconds', dispute_window_seconds, 'pickTurnSeconds', pick_turn_seconds,
        'locationVoteSeconds', location_vote_seconds, 'teamSize', team_size,
        'drawsAllowed', draws_allowed, 'locationRule', location_rule, 'fixedLocationId', fixed_location_id)
        INTO NEW.settings FROM solo_queues WHERE id = NEW.solo_queue_id;
    END IF;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
UPDATE matches m SET settings = m.settings || jsonb_build_object('teamSize', c.team_size,
  'drawsAllowed', c.draws_allowed, 'locationRule', c.location_rule, 'fixedLocationId', c.fixed_location_id)
  FROM ladders c WHERE m.ladder_id = c.id AND m.settings IS NOT NULL;--> statement-breakpoint
UPDATE matches m SET settings = m.settings || jsonb_build_object('teamSize', c.team_size,
  'drawsAllowed', c.draws_allowed, 'locationRule', c.location_rule, 'fixedLocationId', c.fixed_location_id)
  FROM tournaments c WHERE m.tournament_id = c.id AND m.settings IS NOT NULL;--> statement-breakpoint
UPDATE matches m SET settings = m.settings || jsonb_build_object('teamSize', c.team_size,
  'drawsAllowed', c.draws_allowed, 'locationRule', c.location_rule, 'fixedLocationId', c.fixed_location_id)
  FROM solo_queues c WHERE m.solo_queue_id = c.id AND m.settings IS NOT NULL;
