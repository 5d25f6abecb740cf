CREATE TABLE "team_map_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"map_pool_id" integer NOT NULL,
	"map_id" integer NOT NULL,
	"action" varchar(8) NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "team_map_preferences_action_valid" CHECK ("team_map_preferences"."action" in ('ban', 'pick'))
);
--> statement-breakpoint
ALTER TABLE "ladders" ADD COLUMN "draws_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "draws_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "solo_queues" ADD COLUMN "draws_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "challenger_subs_used" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "opponent_subs_used" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_maps" ADD COLUMN "auto_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "match_players" ADD COLUMN "replaced_user_id" integer;--> statement-breakpoint
ALTER TABLE "team_map_preferences" ADD CONSTRAINT "team_map_preferences_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_map_preferences" ADD CONSTRAINT "team_map_preferences_map_pool_id_map_pools_id_fk" FOREIGN KEY ("map_pool_id") REFERENCES "public"."map_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_map_preferences" ADD CONSTRAINT "team_map_preferences_map_id_maps_id_fk" FOREIGN KEY ("map_id") REFERENCES "public"."maps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_map_preferences_unique" ON "team_map_preferences" USING btree ("team_id","map_pool_id","action","map_id");--> statement-breakpoint
CREATE INDEX "team_map_preferences_team_pool_idx" ON "team_map_preferences" USING btree ("team_id","map_pool_id");--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_replaced_user_id_users_id_fk" FOREIGN KEY ("replaced_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;