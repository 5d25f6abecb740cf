DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "ladder_teams_standings_idx";--> statement-breakpoint
DROP INDEX "match_players_user_idx";--> statement-breakpoint
CREATE INDEX "matches_active_idx" ON "matches" USING btree ("id") WHERE "matches"."status_id" not in (5, 7);--> statement-breakpoint
CREATE INDEX "notifications_user_list_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ladder_teams_standings_idx" ON "ladder_teams" USING btree ("ladder_id","rating" DESC NULLS FIRST,"wins" DESC NULLS FIRST,"joined_at","id");--> statement-breakpoint
CREATE INDEX "match_players_user_idx" ON "match_players" USING btree ("user_id","match_id","side","rating_delta");