import { useParams } from 'react-router';
import { TournamentView } from '@/features/tournaments/components/tournament-view';
import { NotFoundRoute } from './not-found';

/** `/tournaments/:slug` (and `/tournament/:slug`, the links the API gives). */
export function TournamentRoute() {
  const { slug } = useParams();
  if (!slug) return <NotFoundRoute />;
  return <TournamentView key={slug} slug={slug} />;
}
