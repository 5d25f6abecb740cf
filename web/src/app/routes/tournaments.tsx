import { TournamentList } from '@/features/tournaments/components/tournament-list';

/** `/tournaments`. */
export function TournamentsRoute() {
  return (
    <section>
      <h1>Tournaments</h1>
      <TournamentList />
    </section>
  );
}
