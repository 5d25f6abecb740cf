import { useParams } from 'react-router';
import { useMe } from '@/lib/auth/get-me';
import { MatchPage } from '@/features/match/components/match-page';
import { NotFoundRoute } from './not-found';

/** `/match/:id`: the match room for the signed-in user or a visitor. */
export function MatchRoute() {
  const { id } = useParams();
  const { data: user, isPending } = useMe();
  const matchId = Number(id);
  if (!Number.isSafeInteger(matchId) || matchId <= 0) return <NotFoundRoute />;
  if (isPending) return null;
  return (
    <MatchPage key={matchId} matchId={matchId} userId={user?.id ?? null} isAdmin={user?.role === 'admin'} />
  );
}
