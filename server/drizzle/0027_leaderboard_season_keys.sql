-- A ladder season's players in the leaderboards' summary (docs/statistics.md, "Leaderboards"): the key
-- `ladder-season:{season id}` counts the ladder's counted matches finished in the season's window
-- [coalesce(started_at, starts_at), coalesce(closed_at, ends_at)), open-ended when both ends are null, the
-- window the season's lists read before. The keys of a match are now written once, here, for the refresh of a
-- player, the rebuild and the triggers.
CREATE FUNCTION leaderboard_in_season(p_finished timestamptz, p_starts timestamptz, p_started timestamptz,
  p_ends timestamptz, p_closed timestamptz) RETURNS boolean AS $$
  SELECT p_finished >= coalesce(p_started, p_starts)
    AND (coalesce(p_closed, p_ends) IS NULL OR p_finished < coalesce(p_closed, p_ends))
$$ LANGUAGE sql IMMUTABLE;--> statement-breakpoint
-- The summary's keys a counted match of the game counts under: 'all', 'solo' for a solo-queue match, its
-- competition's and the seasons of its ladder whose window holds its finish.
CREATE FUNCTION leaderboard_match_keys(p_type match_type, p_ladder integer, p_tournament integer, p_queue integer,
  p_finished timestamptz) RETURNS SETOF text AS $$
  SELECT k FROM unnest(ARRAY['all', CASE WHEN p_type = 'solo-queue' THEN 'solo' END, 'ladder:' || p_ladder,
      'tournament:' || p_tournament, 'solo-queue:' || p_queue]) AS k
    WHERE k IS NOT NULL
  UNION ALL
  SELECT 'ladder-season:' || s.id FROM ladder_seasons s
    WHERE s.ladder_id = p_ladder
      AND leaderboard_in_season(p_finished, s.starts_at, s.started_at, s.ends_at, s.closed_at)
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- The FPS rating of summed counters (fps-rating.ts's formula, two decimals; null without a round), written
-- once for the refresh, the rebuild and a season's rebuild.
CREATE FUNCTION leaderboard_fps_rating(p_rp integer, p_rs integer, p_k integer, p_r1 integer, p_r2 integer,
  p_r3 integer, p_r4 integer, p_r5 integer) RETURNS numeric AS $$
  SELECT CASE WHEN p_rp > 0 THEN round(2.5 * (
      p_k::numeric / p_rp::numeric / 0.7
      + 0.7 * p_rs::numeric / p_rp::numeric / 0.3
      + (p_r1::numeric + 4 * p_r2::numeric + 9 * p_r3::numeric + 16 * p_r4::numeric + 25 * p_r5::numeric)
        / p_rp::numeric / 1.3
    ) / 2.7, 2) END
$$ LANGUAGE sql IMMUTABLE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION leaderboard_refresh(p_user integer, p_game integer) RETURNS void AS $$
BEGIN
  DELETE FROM leaderboard_entries WHERE user_id = p_user AND game_id = p_game;
  INSERT INTO leaderboard_entries (user_id, game_id, key, elo, flag, matches, stat_matches, rounds_played,
    rounds_survived, kills, deaths, rounds_1k, rounds_2k, rounds_3k, rounds_4k, rounds_5k, fps_rating)
  SELECT u.id, p_game, a.key, u.elo, u.flag, a.matches, a.stat_matches, a.rp, a.rs, a.k, a.d, a.r1, a.r2, a.r3,
    a.r4, a.r5,
    leaderboard_fps_rating(a.rp, a.rs, a.k, a.r1, a.r2, a.r3, a.r4, a.r5)
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
    CROSS JOIN LATERAL leaderboard_match_keys(m.type, m.ladder_id, m.tournament_id, m.solo_queue_id,
      m.finished_at) AS k(key)
    GROUP BY k.key
  ) a
  WHERE u.id = p_user;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION leaderboard_rebuild() RETURNS void AS $$
BEGIN
  DELETE FROM leaderboard_entries;
  INSERT INTO leaderboard_entries (user_id, game_id, key, elo, flag, matches, stat_matches, rounds_played,
    rounds_survived, kills, deaths, rounds_1k, rounds_2k, rounds_3k, rounds_4k, rounds_5k, fps_rating)
  SELECT u.id, a.game_id, a.key, u.elo, u.flag, a.matches, a.stat_matches, a.rp, a.rs, a.k, a.d, a.r1, a.r2,
    a.r3, a.r4, a.r5,
    leaderboard_fps_rating(a.rp, a.rs, a.k, a.r1, a.r2, a.r3, a.r4, a.r5)
  FROM users u JOIN (
    SELECT pm.user_id, mk.game_id, mk.key, (count(*) FILTER (WHERE pm.played))::int AS matches,
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
    -- Each counted match's keys once, then its players' rows.
    JOIN (
      SELECT m.id, m.game_id, k.key FROM matches m
      CROSS JOIN LATERAL leaderboard_match_keys(m.type, m.ladder_id, m.tournament_id, m.solo_queue_id,
        m.finished_at) AS k(key)
      WHERE m.status_id = 5 AND NOT m.forfeit
    ) mk ON mk.id = pm.match_id
    GROUP BY pm.user_id, mk.game_id, mk.key
  ) a ON a.user_id = u.id;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A match's finish moving can move it in or out of a season: the match trigger follows finished_at too.
DROP TRIGGER leaderboard_matches ON matches;--> statement-breakpoint
CREATE TRIGGER leaderboard_matches AFTER UPDATE OF status_id, forfeit, game_id, type, ladder_id, tournament_id,
  solo_queue_id, finished_at ON matches FOR EACH ROW
  WHEN ((OLD.status_id = 5 AND NOT OLD.forfeit OR NEW.status_id = 5 AND NOT NEW.forfeit)
    AND (OLD.status_id, OLD.forfeit, OLD.game_id, OLD.type, OLD.ladder_id, OLD.tournament_id, OLD.solo_queue_id,
      OLD.finished_at)
      IS DISTINCT FROM
      (NEW.status_id, NEW.forfeit, NEW.game_id, NEW.type, NEW.ladder_id, NEW.tournament_id, NEW.solo_queue_id,
      NEW.finished_at))
  EXECUTE FUNCTION leaderboard_match_changed();--> statement-breakpoint
-- One season's rows computed again from the raw tables: its rows are dropped from the players of the ladders'
-- matches (`p_ladders`: where its window was and is), then counted over the ladder's counted matches finished
-- in its window (nothing when the season is gone). A season's matches only, so a window moved by a year on a
-- large ladder costs what counting that season costs, not every one of its players' careers.
CREATE FUNCTION leaderboard_season_rebuild(p_season integer, p_ladders integer[]) RETURNS void AS $$
DECLARE
  s record;
BEGIN
  DELETE FROM leaderboard_entries e
  USING (
    SELECT DISTINCT p.user_id FROM matches m
    CROSS JOIN LATERAL (
      SELECT user_id FROM match_players WHERE match_id = m.id AND side IN (1, 2)
      UNION SELECT user_id FROM player_map_stats WHERE match_id = m.id AND user_id IS NOT NULL
    ) p
    WHERE m.ladder_id = ANY(p_ladders)
  ) u
  WHERE e.user_id = u.user_id AND e.key = 'ladder-season:' || p_season;
  SELECT * INTO s FROM ladder_seasons WHERE id = p_season;
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO leaderboard_entries (user_id, game_id, key, elo, flag, matches, stat_matches, rounds_played,
    rounds_survived, kills, deaths, rounds_1k, rounds_2k, rounds_3k, rounds_4k, rounds_5k, fps_rating)
  SELECT u.id, a.game_id, 'ladder-season:' || p_season, u.elo, u.flag, a.matches, a.stat_matches, a.rp, a.rs,
    a.k, a.d, a.r1, a.r2, a.r3, a.r4, a.r5,
    leaderboard_fps_rating(a.rp, a.rs, a.k, a.r1, a.r2, a.r3, a.r4, a.r5)
  FROM users u JOIN (
    SELECT pm.user_id, pm.game_id, (count(*) FILTER (WHERE pm.played))::int AS matches,
      (count(*) FILTER (WHERE pm.stat_rows > 0))::int AS stat_matches,
      coalesce(sum(pm.rp), 0)::int AS rp, coalesce(sum(pm.rs), 0)::int AS rs, coalesce(sum(pm.k), 0)::int AS k,
      coalesce(sum(pm.d), 0)::int AS d, coalesce(sum(pm.r1), 0)::int AS r1, coalesce(sum(pm.r2), 0)::int AS r2,
      coalesce(sum(pm.r3), 0)::int AS r3, coalesce(sum(pm.r4), 0)::int AS r4, coalesce(sum(pm.r5), 0)::int AS r5
    FROM (
      SELECT r.user_id, sm.game_id, bool_or(r.played) AS played, sum(r.stat_row) AS stat_rows, sum(r.rp) AS rp,
        sum(r.rs) AS rs, sum(r.k) AS k, sum(r.d) AS d, sum(r.r1) AS r1, sum(r.r2) AS r2, sum(r.r3) AS r3,
        sum(r.r4) AS r4, sum(r.r5) AS r5
      FROM matches sm
      CROSS JOIN LATERAL (
        SELECT user_id, true AS played, 0 AS stat_row, 0 AS rp, 0 AS rs, 0 AS k, 0 AS d, 0 AS r1, 0 AS r2,
          0 AS r3, 0 AS r4, 0 AS r5
        FROM match_players WHERE match_id = sm.id AND side IN (1, 2)
        UNION ALL
        SELECT user_id, false, 1, rounds_played, rounds_survived, kills, deaths, rounds_1k, rounds_2k,
          rounds_3k, rounds_4k, rounds_5k
        FROM player_map_stats WHERE match_id = sm.id AND user_id IS NOT NULL
      ) r
      WHERE sm.ladder_id = s.ladder_id AND sm.status_id = 5 AND NOT sm.forfeit
        AND leaderboard_in_season(sm.finished_at, s.starts_at, s.started_at, s.ends_at, s.closed_at)
      GROUP BY r.user_id, sm.id, sm.game_id
    ) pm
    GROUP BY pm.user_id, pm.game_id
  ) a ON a.user_id = u.id;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A season added, removed or whose window moves (started, closed, its dates edited): its rows again.
CREATE FUNCTION leaderboard_season_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM leaderboard_season_rebuild(OLD.id, ARRAY[OLD.ladder_id]);
  ELSIF TG_OP = 'INSERT' THEN
    -- A new season has no rows to drop.
    PERFORM leaderboard_season_rebuild(NEW.id, ARRAY[]::integer[]);
  ELSE
    PERFORM leaderboard_season_rebuild(NEW.id, ARRAY[OLD.ladder_id, NEW.ladder_id]);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER leaderboard_ladder_seasons AFTER INSERT OR DELETE ON ladder_seasons FOR EACH ROW
  EXECUTE FUNCTION leaderboard_season_changed();--> statement-breakpoint
CREATE TRIGGER leaderboard_ladder_season_window AFTER UPDATE OF ladder_id, starts_at, started_at, ends_at, closed_at
  ON ladder_seasons FOR EACH ROW
  WHEN ((OLD.ladder_id, OLD.starts_at, OLD.started_at, OLD.ends_at, OLD.closed_at) IS DISTINCT FROM
    (NEW.ladder_id, NEW.starts_at, NEW.started_at, NEW.ends_at, NEW.closed_at))
  EXECUTE FUNCTION leaderboard_season_changed();--> statement-breakpoint
-- The existing seasons' rows (and the others, computed as before).
SELECT leaderboard_rebuild();
