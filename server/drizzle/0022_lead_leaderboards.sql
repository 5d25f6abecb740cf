CREATE INDEX "users_leaderboard_idx" ON "users" USING btree ("elo" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_flag_leaderboard_idx" ON "users" USING btree ("flag","elo" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ladder_season_standings_rank_idx" ON "ladder_season_standings" USING btree ("season_id","rank");