DROP INDEX "ladder_teams_standings_idx";--> statement-breakpoint
DROP INDEX "ladder_season_standings_rank_idx";--> statement-breakpoint
CREATE INDEX "ladder_teams_standings_idx" ON "ladder_teams" USING btree ("ladder_id","rating" DESC NULLS FIRST,"wins" DESC NULLS FIRST,"joined_at","id","team_id","losses","draws");--> statement-breakpoint
CREATE INDEX "ladder_season_standings_rank_idx" ON "ladder_season_standings" USING btree ("season_id","rank","team_id","rating","wins","losses","draws");