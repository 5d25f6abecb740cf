CREATE TYPE "public"."user_role" AS ENUM('player', 'admin');--> statement-breakpoint
CREATE TYPE "public"."team_invitation_status" AS ENUM('pending', 'accepted', 'declined', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."tournament_status" AS ENUM('upcoming', 'running', 'finished', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."match_type" AS ENUM('ladder', 'tournament', 'solo-queue');--> statement-breakpoint
CREATE TYPE "public"."game_server_status" AS ENUM('STARTING', 'ONLINE', 'OFFLINE');--> statement-breakpoint
CREATE TYPE "public"."ticket_resolution" AS ENUM('score', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('open', 'resolved');--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(20) NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"image" text,
	"flag" varchar(8),
	"color" varchar(32),
	"background_color" varchar(32),
	"class_name" varchar(64),
	"role" "user_role" DEFAULT 'player' NOT NULL,
	"elo" integer DEFAULT 1000 NOT NULL,
	"anticheat_token_hash" text,
	"config_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_agent" text,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"max_map_score" smallint DEFAULT 13 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maps" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"name_cmd" varchar(64) NOT NULL,
	"image" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_pool_maps" (
	"map_pool_id" integer NOT NULL,
	"map_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "map_pool_maps_map_pool_id_map_id_pk" PRIMARY KEY("map_pool_id","map_id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"city" varchar(100) NOT NULL,
	"country" varchar(100) NOT NULL,
	"flag" varchar(8) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"tag" varchar(10) NOT NULL,
	"slug" varchar(60) NOT NULL,
	"rating" integer DEFAULT 1000 NOT NULL,
	"image" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_captain" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by_user_id" integer,
	"status" "team_invitation_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_game_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"guid" varchar(64) NOT NULL,
	"in_game_name" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ladders" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"map_pool_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" text,
	"team_size" smallint NOT NULL,
	"veto_turn_seconds" smallint DEFAULT 30 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ladders_team_size_positive" CHECK ("ladders"."team_size" between 1 and 16)
);
--> statement-breakpoint
CREATE TABLE "ladder_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"ladder_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"rating" integer DEFAULT 1000 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"draws" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"map_pool_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"description" text,
	"team_size" smallint NOT NULL,
	"max_teams" smallint DEFAULT 16 NOT NULL,
	"signup_deadline" timestamp with time zone,
	"start_date" timestamp with time zone NOT NULL,
	"status" "tournament_status" DEFAULT 'upcoming' NOT NULL,
	"best_of" smallint DEFAULT 1 NOT NULL,
	"final_best_of" smallint DEFAULT 3 NOT NULL,
	"round_interval_minutes" smallint DEFAULT 60 NOT NULL,
	"ready_check_minutes" smallint DEFAULT 10 NOT NULL,
	"veto_turn_seconds" smallint DEFAULT 30 NOT NULL,
	"winner_team_id" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_best_of_valid" CHECK ("tournaments"."best_of" in (1, 3, 5) and "tournaments"."final_best_of" in (1, 3, 5)),
	CONSTRAINT "tournaments_team_size_positive" CHECK ("tournaments"."team_size" between 1 and 16),
	CONSTRAINT "tournaments_max_teams_valid" CHECK ("tournaments"."max_teams" between 2 and 256)
);
--> statement-breakpoint
CREATE TABLE "tournament_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"seed" smallint,
	"eliminated_in_round" smallint,
	"signed_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "solo_queues" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"map_pool_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"slug" varchar(100) NOT NULL,
	"team_size" smallint NOT NULL,
	"best_of" smallint DEFAULT 1 NOT NULL,
	"pick_turn_seconds" smallint DEFAULT 30 NOT NULL,
	"location_vote_seconds" smallint DEFAULT 60 NOT NULL,
	"veto_turn_seconds" smallint DEFAULT 30 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solo_queues_team_size_positive" CHECK ("solo_queues"."team_size" between 1 and 16),
	CONSTRAINT "solo_queues_best_of_valid" CHECK ("solo_queues"."best_of" in (1, 3, 5))
);
--> statement-breakpoint
CREATE TABLE "solo_queue_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"solo_queue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" "match_type" NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"game_id" integer NOT NULL,
	"ladder_id" integer,
	"tournament_id" integer,
	"solo_queue_id" integer,
	"tournament_round" smallint,
	"bracket_position" smallint,
	"next_match_id" integer,
	"next_match_side" smallint,
	"challenger_team_id" integer,
	"opponent_team_id" integer,
	"challenger_captain_id" integer,
	"opponent_captain_id" integer,
	"team_size" smallint NOT NULL,
	"best_of" smallint DEFAULT 1 NOT NULL,
	"start_date" timestamp with time zone,
	"expected_start_date" timestamp with time zone,
	"random_seed" integer DEFAULT floor(random() * 2147483647)::int NOT NULL,
	"challenger_ready" boolean DEFAULT false NOT NULL,
	"opponent_ready" boolean DEFAULT false NOT NULL,
	"ready_deadline" timestamp with time zone,
	"picker_side" smallint,
	"pick_step" smallint DEFAULT 0 NOT NULL,
	"pick_deadline" timestamp with time zone,
	"location_vote_deadline" timestamp with time zone,
	"location_id" integer,
	"veto_first_side" smallint,
	"veto_step" smallint DEFAULT 0 NOT NULL,
	"veto_deadline" timestamp with time zone,
	"challenger_score" smallint,
	"opponent_score" smallint,
	"score_entered_by_side" smallint,
	"score_entered_by_user_id" integer,
	"score_entered_at" timestamp with time zone,
	"score_approval_deadline" timestamp with time zone,
	"score_approved_by_user_id" integer,
	"winner_side" smallint,
	"forfeit" boolean DEFAULT false NOT NULL,
	"challenger_rating_delta" integer,
	"opponent_rating_delta" integer,
	"finished_at" timestamp with time zone,
	"cancelled_by_user_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" varchar(32),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_status_valid" CHECK ("matches"."status_id" between 1 and 11),
	CONSTRAINT "matches_best_of_valid" CHECK ("matches"."best_of" in (1, 3, 5)),
	CONSTRAINT "matches_team_size_valid" CHECK ("matches"."team_size" between 1 and 16),
	CONSTRAINT "matches_competition_matches_type" CHECK (("matches"."type" = 'ladder') = ("matches"."ladder_id" is not null)
        and ("matches"."type" = 'tournament') = ("matches"."tournament_id" is not null)
        and ("matches"."type" = 'solo-queue') = ("matches"."solo_queue_id" is not null)),
	CONSTRAINT "matches_distinct_teams" CHECK ("matches"."challenger_team_id" <> "matches"."opponent_team_id"),
	CONSTRAINT "matches_sides_valid" CHECK (coalesce("matches"."picker_side", 1) in (1, 2) and coalesce("matches"."veto_first_side", 1) in (1, 2)
        and coalesce("matches"."score_entered_by_side", 1) in (1, 2) and coalesce("matches"."next_match_side", 1) in (1, 2)
        and coalesce("matches"."winner_side", 0) in (0, 1, 2)),
	CONSTRAINT "matches_scores_non_negative" CHECK (coalesce("matches"."challenger_score", 0) >= 0 and coalesce("matches"."opponent_score", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "match_maps" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"map_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"map_order" smallint,
	"map_index" smallint,
	"picked_by_side" smallint,
	"removed_by_side" smallint,
	"is_decider" boolean DEFAULT false NOT NULL,
	"is_auto" boolean DEFAULT false NOT NULL,
	"acted_by_user_id" integer,
	"acted_at" timestamp with time zone,
	"first_score" smallint,
	"second_score" smallint,
	"log_first_score" smallint,
	"log_second_score" smallint,
	CONSTRAINT "match_maps_picked_by_valid" CHECK (coalesce("match_maps"."picked_by_side", 1) in (1, 2)),
	CONSTRAINT "match_maps_removed_by_valid" CHECK (coalesce("match_maps"."removed_by_side", 1) in (-1, 1, 2)),
	CONSTRAINT "match_maps_pick_or_ban" CHECK ("match_maps"."picked_by_side" is null or "match_maps"."removed_by_side" is null),
	CONSTRAINT "match_maps_scores_non_negative" CHECK (coalesce("match_maps"."first_score", 0) >= 0 and coalesce("match_maps"."second_score", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "match_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"side" smallint NOT NULL,
	"team_id" integer,
	"is_captain" boolean DEFAULT false NOT NULL,
	"pick_order" smallint,
	"is_sub" boolean DEFAULT false NOT NULL,
	"added_by_user_id" integer,
	"in_game_name" varchar(64),
	"guid" varchar(64),
	"rating_before" integer,
	"rating_delta" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_players_side_valid" CHECK ("match_players"."side" in (-1, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "location_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"match_id" integer NOT NULL,
	"location_id" integer,
	"provider" varchar(32) DEFAULT 'simulated' NOT NULL,
	"provider_ref" text,
	"host" varchar(255) NOT NULL,
	"port" integer NOT NULL,
	"password" varchar(64),
	"rcon_password" varchar(64),
	"token_hash" varchar(64),
	"status" "game_server_status" DEFAULT 'STARTING' NOT NULL,
	"players" smallint DEFAULT 0 NOT NULL,
	"max_players" smallint DEFAULT 10 NOT NULL,
	"current_map" varchar(64),
	"last_status_at" timestamp with time zone,
	"destroyed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_length" CHECK (char_length("chat_messages"."message") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(64) NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"opened_by_user_id" integer,
	"description" text NOT NULL,
	"status" "ticket_status" DEFAULT 'open' NOT NULL,
	"previous_status_id" smallint,
	"resolution" "ticket_resolution",
	"resolution_note" text,
	"resolved_by_user_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_description_length" CHECK (char_length("tickets"."description") between 1 and 2000),
	CONSTRAINT "tickets_resolved_consistent" CHECK (("tickets"."status" = 'resolved') = ("tickets"."resolution" is not null and "tickets"."resolved_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_messages_length" CHECK (char_length("ticket_messages"."message") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "screenshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(64) NOT NULL,
	"match_id" integer NOT NULL,
	"user_id" integer,
	"in_game_name" varchar(64),
	"storage_key" text NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screenshots_content_type_valid" CHECK ("screenshots"."content_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "screenshots_size_positive" CHECK ("screenshots"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "player_map_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"match_map_id" integer NOT NULL,
	"map_id" integer NOT NULL,
	"user_id" integer,
	"guid" varchar(64) NOT NULL,
	"in_game_name" varchar(64) NOT NULL,
	"side" smallint,
	"kills" integer DEFAULT 0 NOT NULL,
	"deaths" integer DEFAULT 0 NOT NULL,
	"assists" integer DEFAULT 0 NOT NULL,
	"damage" integer DEFAULT 0 NOT NULL,
	"headshots" integer DEFAULT 0 NOT NULL,
	"plants" integer DEFAULT 0 NOT NULL,
	"defuses" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"rounds_played" integer DEFAULT 0 NOT NULL,
	"rounds_survived" integer DEFAULT 0 NOT NULL,
	"rounds_1k" integer DEFAULT 0 NOT NULL,
	"rounds_2k" integer DEFAULT 0 NOT NULL,
	"rounds_3k" integer DEFAULT 0 NOT NULL,
	"rounds_4k" integer DEFAULT 0 NOT NULL,
	"rounds_5k" integer DEFAULT 0 NOT NULL,
	"fps_rating" numeric(6, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_log_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_server_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"batch_id" varchar(128) NOT NULL,
	"sequence" integer NOT NULL,
	"body" text NOT NULL,
	"line_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anticheat_heartbeats" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer,
	"in_game_name" varchar(64),
	"guid" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"team_id" integer,
	"ladder_id" integer,
	"match_id" integer,
	"reason" varchar(16) DEFAULT 'match' NOT NULL,
	"old_rating" integer NOT NULL,
	"new_rating" integer NOT NULL,
	"delta" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_history_one_subject" CHECK (("rating_history"."user_id" is null) <> ("rating_history"."team_id" is null)),
	CONSTRAINT "rating_history_delta_consistent" CHECK ("rating_history"."new_rating" - "rating_history"."old_rating" = "rating_history"."delta")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maps" ADD CONSTRAINT "maps_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_pools" ADD CONSTRAINT "map_pools_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_pool_maps" ADD CONSTRAINT "map_pool_maps_map_pool_id_map_pools_id_fk" FOREIGN KEY ("map_pool_id") REFERENCES "public"."map_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_pool_maps" ADD CONSTRAINT "map_pool_maps_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_game_accounts" ADD CONSTRAINT "user_game_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_game_accounts" ADD CONSTRAINT "user_game_accounts_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ladders" ADD CONSTRAINT "ladders_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ladders" ADD CONSTRAINT "ladders_map_pool_id_map_pools_id_fk" FOREIGN KEY ("map_pool_id") REFERENCES "public"."map_pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ladder_teams" ADD CONSTRAINT "ladder_teams_ladder_id_ladders_id_fk" FOREIGN KEY ("ladder_id") REFERENCES "public"."ladders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ladder_teams" ADD CONSTRAINT "ladder_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_map_pool_id_map_pools_id_fk" FOREIGN KEY ("map_pool_id") REFERENCES "public"."map_pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_winner_team_id_teams_id_fk" FOREIGN KEY ("winner_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_teams" ADD CONSTRAINT "tournament_teams_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_teams" ADD CONSTRAINT "tournament_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD CONSTRAINT "solo_queues_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD CONSTRAINT "solo_queues_map_pool_id_map_pools_id_fk" FOREIGN KEY ("map_pool_id") REFERENCES "public"."map_pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_queue_entries" ADD CONSTRAINT "solo_queue_entries_solo_queue_id_solo_queues_id_fk" FOREIGN KEY ("solo_queue_id") REFERENCES "public"."solo_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_queue_entries" ADD CONSTRAINT "solo_queue_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_ladder_id_ladders_id_fk" FOREIGN KEY ("ladder_id") REFERENCES "public"."ladders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_solo_queue_id_solo_queues_id_fk" FOREIGN KEY ("solo_queue_id") REFERENCES "public"."solo_queues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_next_match_id_matches_id_fk" FOREIGN KEY ("next_match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_challenger_team_id_teams_id_fk" FOREIGN KEY ("challenger_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_opponent_team_id_teams_id_fk" FOREIGN KEY ("opponent_team_id") REFERENCES "public"."teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_challenger_captain_id_users_id_fk" FOREIGN KEY ("challenger_captain_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_opponent_captain_id_users_id_fk" FOREIGN KEY ("opponent_captain_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_score_entered_by_user_id_users_id_fk" FOREIGN KEY ("score_entered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_score_approved_by_user_id_users_id_fk" FOREIGN KEY ("score_approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_maps" ADD CONSTRAINT "match_maps_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_maps" ADD CONSTRAINT "match_maps_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_maps" ADD CONSTRAINT "match_maps_acted_by_user_id_users_id_fk" FOREIGN KEY ("acted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_votes" ADD CONSTRAINT "location_votes_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_votes" ADD CONSTRAINT "location_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_votes" ADD CONSTRAINT "location_votes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_servers" ADD CONSTRAINT "game_servers_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_servers" ADD CONSTRAINT "game_servers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_map_stats" ADD CONSTRAINT "player_map_stats_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_map_stats" ADD CONSTRAINT "player_map_stats_match_map_id_match_maps_id_fk" FOREIGN KEY ("match_map_id") REFERENCES "public"."match_maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_map_stats" ADD CONSTRAINT "player_map_stats_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_map_stats" ADD CONSTRAINT "player_map_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_log_batches" ADD CONSTRAINT "stats_log_batches_game_server_id_game_servers_id_fk" FOREIGN KEY ("game_server_id") REFERENCES "public"."game_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_log_batches" ADD CONSTRAINT "stats_log_batches_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anticheat_heartbeats" ADD CONSTRAINT "anticheat_heartbeats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anticheat_heartbeats" ADD CONSTRAINT "anticheat_heartbeats_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_ladder_id_ladders_id_fk" FOREIGN KEY ("ladder_id") REFERENCES "public"."ladders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_uuid_unique" ON "users" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "users_elo_idx" ON "users" USING btree ("elo");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_slug_unique" ON "games" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "maps_game_name_cmd_unique" ON "maps" USING btree ("game_id","name_cmd");--> statement-breakpoint
CREATE INDEX "maps_game_idx" ON "maps" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "map_pool_maps_map_idx" ON "map_pool_maps" USING btree ("map_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_city_country_unique" ON "locations" USING btree ("city","country");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_slug_unique" ON "teams" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_game_name_lower_unique" ON "teams" USING btree ("game_id",lower("name"));--> statement-breakpoint
CREATE INDEX "teams_rating_idx" ON "teams" USING btree ("rating");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_team_user_unique" ON "team_members" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_captain" ON "team_members" USING btree ("team_id") WHERE "team_members"."is_captain";--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_pending_unique" ON "team_invitations" USING btree ("team_id","user_id") WHERE "team_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "team_invitations_user_idx" ON "team_invitations" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "user_game_accounts_game_guid_unique" ON "user_game_accounts" USING btree ("game_id","guid");--> statement-breakpoint
CREATE INDEX "user_game_accounts_user_idx" ON "user_game_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ladders_slug_unique" ON "ladders" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "ladder_teams_ladder_team_unique" ON "ladder_teams" USING btree ("ladder_id","team_id");--> statement-breakpoint
CREATE INDEX "ladder_teams_standings_idx" ON "ladder_teams" USING btree ("ladder_id","rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ladder_teams_team_idx" ON "ladder_teams" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournaments_slug_unique" ON "tournaments" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "tournaments_status_start_idx" ON "tournaments" USING btree ("status","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_teams_tournament_team_unique" ON "tournament_teams" USING btree ("tournament_id","team_id");--> statement-breakpoint
CREATE INDEX "tournament_teams_team_idx" ON "tournament_teams" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "solo_queues_slug_unique" ON "solo_queues" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "solo_queue_entries_user_unique" ON "solo_queue_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "solo_queue_entries_queue_idx" ON "solo_queue_entries" USING btree ("solo_queue_id","joined_at");--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "matches_ladder_idx" ON "matches" USING btree ("ladder_id","created_at");--> statement-breakpoint
CREATE INDEX "matches_solo_queue_idx" ON "matches" USING btree ("solo_queue_id","created_at");--> statement-breakpoint
CREATE INDEX "matches_challenger_team_idx" ON "matches" USING btree ("challenger_team_id","created_at");--> statement-breakpoint
CREATE INDEX "matches_opponent_team_idx" ON "matches" USING btree ("opponent_team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_bracket_slot_unique" ON "matches" USING btree ("tournament_id","tournament_round","bracket_position");--> statement-breakpoint
CREATE INDEX "matches_next_match_idx" ON "matches" USING btree ("next_match_id");--> statement-breakpoint
CREATE INDEX "matches_start_due_idx" ON "matches" USING btree ("start_date") WHERE "matches"."status_id" = 3;--> statement-breakpoint
CREATE INDEX "matches_ready_due_idx" ON "matches" USING btree ("ready_deadline") WHERE "matches"."status_id" = 9;--> statement-breakpoint
CREATE INDEX "matches_pick_due_idx" ON "matches" USING btree ("pick_deadline") WHERE "matches"."status_id" = 10;--> statement-breakpoint
CREATE INDEX "matches_location_due_idx" ON "matches" USING btree ("location_vote_deadline") WHERE "matches"."status_id" = 11;--> statement-breakpoint
CREATE INDEX "matches_veto_due_idx" ON "matches" USING btree ("veto_deadline") WHERE "matches"."status_id" = 2;--> statement-breakpoint
CREATE INDEX "matches_score_due_idx" ON "matches" USING btree ("score_approval_deadline") WHERE "matches"."status_id" = 8;--> statement-breakpoint
CREATE UNIQUE INDEX "match_maps_match_map_unique" ON "match_maps" USING btree ("match_id","map_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_maps_match_step_unique" ON "match_maps" USING btree ("match_id","map_index");--> statement-breakpoint
CREATE UNIQUE INDEX "match_maps_match_order_unique" ON "match_maps" USING btree ("match_id","map_order");--> statement-breakpoint
CREATE INDEX "match_maps_map_idx" ON "match_maps" USING btree ("map_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_players_match_user_unique" ON "match_players" USING btree ("match_id","user_id");--> statement-breakpoint
CREATE INDEX "match_players_user_idx" ON "match_players" USING btree ("user_id","match_id");--> statement-breakpoint
CREATE INDEX "match_players_match_guid_idx" ON "match_players" USING btree ("match_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "location_votes_match_user_unique" ON "location_votes" USING btree ("match_id","user_id");--> statement-breakpoint
CREATE INDEX "location_votes_match_location_idx" ON "location_votes" USING btree ("match_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_servers_uuid_unique" ON "game_servers" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "game_servers_match_idx" ON "game_servers" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "chat_messages_match_idx" ON "chat_messages" USING btree ("match_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_user_idx" ON "chat_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unseen_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."seen_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_match_unique" ON "tickets" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screenshots_public_id_unique" ON "screenshots" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "screenshots_match_idx" ON "screenshots" USING btree ("match_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_map_stats_map_guid_unique" ON "player_map_stats" USING btree ("match_map_id","guid");--> statement-breakpoint
CREATE INDEX "player_map_stats_match_idx" ON "player_map_stats" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "player_map_stats_user_idx" ON "player_map_stats" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stats_log_batches_server_batch_unique" ON "stats_log_batches" USING btree ("game_server_id","batch_id");--> statement-breakpoint
CREATE INDEX "stats_log_batches_match_idx" ON "stats_log_batches" USING btree ("match_id","sequence");--> statement-breakpoint
CREATE INDEX "anticheat_heartbeats_match_user_idx" ON "anticheat_heartbeats" USING btree ("match_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "anticheat_heartbeats_user_idx" ON "anticheat_heartbeats" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rating_history_user_idx" ON "rating_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rating_history_team_idx" ON "rating_history" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "rating_history_match_idx" ON "rating_history" USING btree ("match_id");