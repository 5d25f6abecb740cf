import { LeaderboardsPage } from '@/features/leaderboards/components/leaderboards-page';

/** `/leaderboards`: players by rating and by FPS rating, teams by ladder standing. */
export function LeaderboardsRoute() {
  return <LeaderboardsPage />;
}
