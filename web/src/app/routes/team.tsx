import { useParams } from 'react-router';
import { TeamPageView } from '@/features/teams/components/team-page';
import { NotFoundRoute } from './not-found';

/** `/team/:slug`. */
export function TeamRoute() {
  const { slug } = useParams();
  if (!slug) return <NotFoundRoute />;
  return <TeamPageView key={slug} slug={slug} />;
}
