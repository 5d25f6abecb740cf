CREATE TABLE "leaderboard_entries" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"key" varchar(40) NOT NULL,
	"elo" integer NOT NULL,
	"flag" varchar(8),
	"matches" integer NOT NULL,
	"stat_matches" integer NOT NULL,
	"rounds_played" integer NOT NULL,
	"rounds_survived" integer NOT NULL,
	"kills" integer NOT NULL,
	"deaths" integer NOT NULL,
	"rounds_1k" integer NOT NULL,
	"rounds_2k" integer NOT NULL,
	"rounds_3k" integer NOT NULL,
	"rounds_4k" integer NOT NULL,
	"rounds_5k" integer NOT NULL,
	"fps_rating" numeric,
	CONSTRAINT "leaderboard_entries_user_id_game_id_key_pk" PRIMARY KEY("user_id","game_id","key")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_entries_rating_idx" ON "leaderboard_entries" USING btree ("game_id","key","elo" DESC NULLS FIRST,"user_id") WHERE "leaderboard_entries"."matches" > 0;--> statement-breakpoint
CREATE INDEX "leaderboard_entries_flag_rating_idx" ON "leaderboard_entries" USING btree ("game_id","key","flag","elo" DESC NULLS FIRST,"user_id") WHERE "leaderboard_entries"."matches" > 0;--> statement-breakpoint
CREATE INDEX "leaderboard_entries_fps_idx" ON "leaderboard_entries" USING btree ("game_id","key","fps_rating" DESC NULLS FIRST,"stat_matches" DESC NULLS FIRST,"user_id") WHERE "leaderboard_entries"."fps_rating" is not null;--> statement-breakpoint
CREATE INDEX "leaderboard_entries_flag_fps_idx" ON "leaderboard_entries" USING btree ("game_id","key","flag","fps_rating" DESC NULLS FIRST,"stat_matches" DESC NULLS FIRST,"user_id") WHERE "leaderboard_entries"."fps_rating" is not null;--> statement-breakpoint
-- The summary is kept by the triggers below in the transaction of every write that moves it (docs/statistics.md,
-- "Leaderboards"): a player's rows in a game are computed again from the raw tables when one of his match
-- players or statistics rows of a counted match changes, or a match's status, walkover flag, game or
-- competition changes; his rating and flag are copied on change. The FPS formula is fps-rating.ts's, as the
-- leaderboards' query had it.
CREATE FUNCTION leaderboard_refresh(p_user integer, p_game integer) RETURNS void AS $$
BEGIN
  DELETE FROM leaderboard_entries WHERE user_id = p_user AND game_id = p_game;
  INSERT INTO leaderboard_entries (user_id, game_id, key, elo, flag, matches, stat_matches, rounds_played,
    rounds_survived, kills, deaths, rounds_1k, rounds_2k, rounds_3k, rounds_4k, rounds_5k, fps_rating)
  SELECT u.id, p_game, a.key, u.elo, u.flag, a.matches, a.stat_matches, a.rp, a.rs, a.k, a.d, a.r1, a.r2, a.r3,
    a.r4, a.r5,
    CASE WHEN a.rp > 0 THEN round(2.5 * (
        a.k::numeric / a.rp::numeric / 0.7
        + 0.7 * a.rs::numeric / a.rp::numeric / 0.3
        + (a.r1::numeric + 4 * a.r2::numeric + 9 * a.r3::numeric + 16 * a.r4::numeric + 25 * a.r5::numeric)
          / a.rp::numeric / 1.3
      ) / 2.7, 2) END
  FROM users u, (
    SELECT k.key, (count(*) FILTER (WHERE pm.played))::int AS matches,
      (count(*) FILTER (WHERE pm.stat_rows > 0))::int AS stat_matches,
      coalesce(sum(pm.rp), 0)::int AS rp, coalesce(sum(pm.rs), 0)::int AS rs, coalesce(sum(pm.k), 0)::int AS k,
      coalesce(sum(pm.d), 0)::int AS d, coalesce(sum(pm.r1), 0)::int AS r1, coalesce(sum(pm.r2), 0)::int AS r2,
      coalesce(sum(pm.r3), 0)::int AS r3, coalesce(sum(pm.r4), 0)::int AS r4, coalesce(sum(pm.r5), 0)::int AS r5
    FROM (
      SELECT r.match_id, bool_or(r.played) AS played, sum(r.stat_row) AS stat_rows, sum(r.rp) AS rp,
        sum(r.rs) AS rs, sum(r.k) AS k, sum(r.d) AS d, sum(r.r1) AS r1, sum(r.r2) AS r2, sum(r.r3) AS r3,
        sum(r.r4) AS r4, sum(r.r5) AS r5
      FROM (
        SELECT match_id, true AS played, 0 AS stat_row, 0 AS rp, 0 AS rs, 0 AS k, 0 AS d, 0 AS r1, 0 AS r2,
          0 AS r3, 0 AS r4, 0 AS r5
        FROM match_players WHERE user_id = p_user AND side IN (1, 2)
        UNION ALL
        SELECT match_id, false, 1, rounds_played, rounds_survived, kills, deaths, rounds_1k, rounds_2k,
          rounds_3k, rounds_4k, rounds_5k
        FROM player_map_stats WHERE user_id = p_user
      ) r
      GROUP BY r.match_id
    ) pm
    JOIN matches m ON m.id = pm.match_id AND m.status_id = 5 AND NOT m.forfeit AND m.game_id = p_game
    CROSS JOIN LATERAL unnest(ARRAY['all', CASE WHEN m.type = 'solo-queue' THEN 'solo' END,
      'ladder:' || m.ladder_id, 'tournament:' || m.tournament_id, 'solo-queue:' || m.solo_queue_id]) AS k(key)
    WHERE k.key IS NOT NULL
    GROUP BY k.key
  ) a
  WHERE u.id = p_user;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Every player's rows from the raw tables at once (this migration's backfill; the large world's seed).
CREATE FUNCTION leaderboard_rebuild() RETURNS void AS $$
BEGIN
  DELETE FROM leaderboard_entries;
  INSERT INTO leaderboard_entries (user_id, game_id, key, elo, flag, matches, stat_matches, rounds_played,
    rounds_survived, kills, deaths, rounds_1k, rounds_2k, rounds_3k, rounds_4k, rounds_5k, fps_rating)
  SELECT u.id, a.game_id, a.key, u.elo, u.flag, a.matches, a.stat_matches, a.rp, a.rs, a.k, a.d, a.r1, a.r2,
    a.r3, a.r4, a.r5,
    CASE WHEN a.rp > 0 THEN round(2.5 * (
        a.k::numeric / a.rp::numeric / 0.7
        + 0.7 * a.rs::numeric / a.rp::numeric / 0.3
        + (a.r1::numeric + 4 * a.r2::numeric + 9 * a.r3::numeric + 16 * a.r4::numeric + 25 * a.r5::numeric)
          / a.rp::numeric / 1.3
      ) / 2.7, 2) END
  FROM users u JOIN (
    SELECT pm.user_id, m.game_id, k.key, (count(*) FILTER (WHERE pm.played))::int AS matches,
      (count(*) FILTER (WHERE pm.stat_rows > 0))::int AS stat_matches,
      coalesce(sum(pm.rp), 0)::int AS rp, coalesce(sum(pm.rs), 0)::int AS rs, coalesce(sum(pm.k), 0)::int AS k,
      coalesce(sum(pm.d), 0)::int AS d, coalesce(sum(pm.r1), 0)::int AS r1, coalesce(sum(pm.r2), 0)::int AS r2,
      coalesce(sum(pm.r3), 0)::int AS r3, coalesce(sum(pm.r4), 0)::int AS r4, coalesce(sum(pm.r5), 0)::int AS r5
    FROM (
      SELECT coalesce(p.user_id, s.user_id) AS user_id, coalesce(p.match_id, s.match_id) AS match_id,
        p.match_id IS NOT NULL AS played, coalesce(s.stat_rows, 0) AS stat_rows, s.rp, s.rs, s.k, s.d, s.r1,
        s.r2, s.r3, s.r4, s.r5
      FROM (SELECT match_id, user_id FROM match_players WHERE side IN (1, 2)) p
      FULL JOIN (
        SELECT match_id, user_id, count(*) AS stat_rows, sum(rounds_played) AS rp, sum(rounds_survived) AS rs,
          sum(kills) AS k, sum(deaths) AS d, sum(rounds_1k) AS r1, sum(rounds_2k) AS r2, sum(rounds_3k) AS r3,
          sum(rounds_4k) AS r4, sum(rounds_5k) AS r5
        FROM player_map_stats WHERE user_id IS NOT NULL GROUP BY match_id, user_id
      ) s ON s.match_id = p.match_id AND s.user_id = p.user_id
    ) pm
    JOIN matches m ON m.id = pm.match_id AND m.status_id = 5 AND NOT m.forfeit
    CROSS JOIN LATERAL unnest(ARRAY['all', CASE WHEN m.type = 'solo-queue' THEN 'solo' END,
      'ladder:' || m.ladder_id, 'tournament:' || m.tournament_id, 'solo-queue:' || m.solo_queue_id]) AS k(key)
    WHERE k.key IS NOT NULL
    GROUP BY pm.user_id, m.game_id, k.key
  ) a ON a.user_id = u.id;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A match player or statistics row changed: its player's rows in the match's game, when the match counts
-- (finished, played). A row whose match is being deleted refreshes every game the player has rows in.
CREATE FUNCTION leaderboard_row_changed() RETURNS trigger AS $$
DECLARE
  pairs integer[][] := ARRAY[]::integer[][];
  i integer;
  m record;
  g integer;
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN pairs := pairs || ARRAY[[NEW.match_id, NEW.user_id]]; END IF;
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL
    AND (TG_OP = 'DELETE' OR (OLD.match_id, OLD.user_id) IS DISTINCT FROM (NEW.match_id, NEW.user_id)) THEN
    pairs := pairs || ARRAY[[OLD.match_id, OLD.user_id]];
  END IF;
  FOR i IN 1 .. coalesce(array_length(pairs, 1), 0) LOOP
    SELECT status_id, forfeit, game_id INTO m FROM matches WHERE id = pairs[i][1];
    IF NOT FOUND THEN
      FOR g IN SELECT DISTINCT game_id FROM leaderboard_entries WHERE user_id = pairs[i][2] LOOP
        PERFORM leaderboard_refresh(pairs[i][2], g);
      END LOOP;
    ELSIF m.status_id = 5 AND NOT m.forfeit THEN
      PERFORM leaderboard_refresh(pairs[i][2], m.game_id);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER leaderboard_match_players AFTER INSERT OR DELETE OR UPDATE OF match_id, user_id, side
  ON match_players FOR EACH ROW EXECUTE FUNCTION leaderboard_row_changed();--> statement-breakpoint
CREATE TRIGGER leaderboard_player_map_stats AFTER INSERT OR DELETE OR UPDATE OF match_id, user_id, rounds_played,
  rounds_survived, kills, deaths, rounds_1k, rounds_2k, rounds_3k, rounds_4k, rounds_5k
  ON player_map_stats FOR EACH ROW EXECUTE FUNCTION leaderboard_row_changed();--> statement-breakpoint
-- A match that starts or stops counting (finished, a dispute, a walkover, cancelled) or moves: its players'
-- rows in its game (both games when it moves).
CREATE FUNCTION leaderboard_match_changed() RETURNS trigger AS $$
DECLARE
  u integer;
BEGIN
  FOR u IN
    SELECT user_id FROM match_players WHERE match_id = NEW.id AND side IN (1, 2)
    UNION SELECT user_id FROM player_map_stats WHERE match_id = NEW.id AND user_id IS NOT NULL
  LOOP
    PERFORM leaderboard_refresh(u, OLD.game_id);
    IF NEW.game_id <> OLD.game_id THEN PERFORM leaderboard_refresh(u, NEW.game_id); END IF;
  END LOOP;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER leaderboard_matches AFTER UPDATE OF status_id, forfeit, game_id, type, ladder_id, tournament_id,
  solo_queue_id ON matches FOR EACH ROW
  WHEN ((OLD.status_id = 5 AND NOT OLD.forfeit OR NEW.status_id = 5 AND NOT NEW.forfeit)
    AND (OLD.status_id, OLD.forfeit, OLD.game_id, OLD.type, OLD.ladder_id, OLD.tournament_id, OLD.solo_queue_id)
      IS DISTINCT FROM
      (NEW.status_id, NEW.forfeit, NEW.game_id, NEW.type, NEW.ladder_id, NEW.tournament_id, NEW.solo_queue_id))
  EXECUTE FUNCTION leaderboard_match_changed();--> statement-breakpoint
-- A player's rating or flag: copied to his rows.
CREATE FUNCTION leaderboard_user_changed() RETURNS trigger AS $$
BEGIN
  UPDATE leaderboard_entries SET elo = NEW.elo, flag = NEW.flag WHERE user_id = NEW.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER leaderboard_users AFTER UPDATE OF elo, flag ON users FOR EACH ROW
  WHEN (OLD.elo IS DISTINCT FROM NEW.elo OR OLD.flag IS DISTINCT FROM NEW.flag)
  EXECUTE FUNCTION leaderboard_user_changed();--> statement-breakpoint
SELECT leaderboard_rebuild();
