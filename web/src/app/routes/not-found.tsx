import { NotFound } from '@/components/ui/not-found';

/** Any path no route claims. */
export function NotFoundRoute() {
  return <NotFound />;
}
