CREATE TABLE "game_server_agent_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"file_key" varchar(64) NOT NULL,
	"ack_offset" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_server_hosts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"host" varchar(255) NOT NULL,
	"port" integer NOT NULL,
	"rcon_password_enc" text NOT NULL,
	"location_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"kind" varchar(16) DEFAULT 'registered' NOT NULL,
	"match_id" integer,
	"allocated_at" timestamp with time zone,
	"status" varchar(16) DEFAULT 'UNKNOWN' NOT NULL,
	"last_error" varchar(255),
	"current_map" varchar(64),
	"players" smallint DEFAULT 0 NOT NULL,
	"max_players" smallint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_check_at" timestamp with time zone,
	"agent_token_hash" varchar(64),
	"log_match_id" integer,
	"agent_batches" integer DEFAULT 0 NOT NULL,
	"agent_duplicates" integer DEFAULT 0 NOT NULL,
	"agent_rejected" integer DEFAULT 0 NOT NULL,
	"agent_unattributed_lines" integer DEFAULT 0 NOT NULL,
	"agent_last_batch_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_server_waits" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_try_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer,
	"claimant_user_id" integer NOT NULL,
	"owner_user_id" integer,
	"player_id" varchar(64) NOT NULL,
	"source" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"player_id" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"added_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_server_kicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"player_id" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"reason" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_game_accounts" ADD COLUMN "source" varchar(16) DEFAULT 'heartbeat' NOT NULL;--> statement-breakpoint
ALTER TABLE "ladders" ADD COLUMN "promod_mode" varchar(32) DEFAULT 'match_mr12' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "promod_mode" varchar(32) DEFAULT 'match_mr12' NOT NULL;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD COLUMN "promod_mode" varchar(32) DEFAULT 'match_mr12' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "score_from_log" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_servers" ADD COLUMN "host_id" integer;--> statement-breakpoint
ALTER TABLE "game_server_agent_files" ADD CONSTRAINT "game_server_agent_files_host_id_game_server_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."game_server_hosts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_server_hosts" ADD CONSTRAINT "game_server_hosts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_server_hosts" ADD CONSTRAINT "game_server_hosts_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_server_waits" ADD CONSTRAINT "game_server_waits_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_conflicts" ADD CONSTRAINT "identity_conflicts_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_conflicts" ADD CONSTRAINT "identity_conflicts_claimant_user_id_users_id_fk" FOREIGN KEY ("claimant_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_conflicts" ADD CONSTRAINT "identity_conflicts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_guests" ADD CONSTRAINT "match_guests_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_guests" ADD CONSTRAINT "match_guests_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_server_kicks" ADD CONSTRAINT "match_server_kicks_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_server_agent_files_host_file_unique" ON "game_server_agent_files" USING btree ("host_id","file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "game_server_hosts_address_unique" ON "game_server_hosts" USING btree ("host","port");--> statement-breakpoint
CREATE UNIQUE INDEX "game_server_hosts_match_unique" ON "game_server_hosts" USING btree ("match_id") WHERE "game_server_hosts"."match_id" is not null;--> statement-breakpoint
CREATE INDEX "game_server_hosts_free_idx" ON "game_server_hosts" USING btree ("location_id") WHERE "game_server_hosts"."match_id" is null and "game_server_hosts"."enabled";--> statement-breakpoint
CREATE INDEX "identity_conflicts_created_idx" ON "identity_conflicts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "match_guests_match_player_unique" ON "match_guests" USING btree ("match_id","player_id");--> statement-breakpoint
CREATE INDEX "match_server_kicks_match_idx" ON "match_server_kicks" USING btree ("match_id");--> statement-breakpoint
ALTER TABLE "game_servers" ADD CONSTRAINT "game_servers_host_id_game_server_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."game_server_hosts"("id") ON DELETE set null ON UPDATE no action;