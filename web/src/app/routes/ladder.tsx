import { useNavigate, useParams } from 'react-router';
import { LadderStandings } from '@/features/ladders/components/ladder-standings';
import { NotFoundRoute } from './not-found';

/** `/ladders/:slug` (and `/ladder/:slug`, the links the API gives): standings and challenges. */
export function LadderRoute() {
  const { slug } = useParams();
  const navigate = useNavigate();
  if (!slug) return <NotFoundRoute />;
  return (
    <LadderStandings key={slug} slug={slug} onChallenged={(matchId) => void navigate(`/match/${matchId}`)} />
  );
}
