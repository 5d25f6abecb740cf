import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { ADMIN_PAGES } from '@/features/admin/admin-pages';
import { meQueryOptions } from '@/lib/auth/get-me';
import { prefetchMatchRoom } from '@/features/match/api/prefetch-match-room';
import { AppLayout } from './layout/app-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorRoute } from './routes/route-error';

// Every page but the home page is its own chunk, so the entry holds only the shell (layout, header, home)
// and each page downloads what it alone needs; the match room is the one that must load fast.
const page = (load: () => Promise<{ Component: RouteObject['Component'] }>): Pick<RouteObject, 'lazy'> => ({
  lazy: load,
});

/**
 * Starts the match room's first requests for `pathname` when it is a match page, without waiting, so the
 * data is in the cache (or on its way) when the page first renders. The app calls it for the URL it opens
 * with, before the router has even loaded the page's chunk; the route's loader does it on navigation.
 */
export function prefetchForPath(queryClient: QueryClient, pathname: string): void {
  const id = Number(/^\/match\/(\d+)\/?$/.exec(pathname)?.[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  void queryClient.prefetchQuery(meQueryOptions());
  prefetchMatchRoom(queryClient, id);
}

function matchLoader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) => {
    prefetchForPath(queryClient, new URL(request.url).pathname);
    return null;
  };
}

/** Every page, for one query client; shared by the browser router and the tests' memory router. */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorRoute />,
    // While the first page's lazy route loads, nothing shows (as before), now said out loud: React Router
    // otherwise warns "No `HydrateFallback` element provided" on every load of a lazy page.
    HydrateFallback: () => null,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'login', ...page(async () => ({ Component: (await import('./routes/login')).LoginRoute })) },
      {
        path: 'register',
        ...page(async () => ({ Component: (await import('./routes/register')).RegisterRoute })),
      },
      {
        path: 'forgot-password',
        ...page(async () => ({ Component: (await import('./routes/forgot-password')).ForgotPasswordRoute })),
      },
      {
        path: 'reset-password',
        ...page(async () => ({ Component: (await import('./routes/reset-password')).ResetPasswordRoute })),
      },
      {
        path: 'match/:id',
        loader: matchLoader(queryClient),
        // The object form of `lazy`: the static loader then runs while the chunk downloads, not after.
        lazy: { Component: async () => (await import('./routes/match')).MatchRoute },
      },
      // The platform around the match (teams, ladders, tournaments, profiles). The API links ladders and
      // tournaments in the singular too.
      {
        path: 'user/:username',
        ...page(async () => ({ Component: (await import('./routes/user')).UserRoute })),
      },
      {
        path: 'settings',
        ...page(async () => ({ Component: (await import('./routes/settings')).SettingsRoute })),
      },
      { path: 'teams', ...page(async () => ({ Component: (await import('./routes/teams')).TeamsRoute })) },
      {
        path: 'teams/new',
        ...page(async () => ({ Component: (await import('./routes/teams-new')).NewTeamRoute })),
      },
      { path: 'team/:slug', ...page(async () => ({ Component: (await import('./routes/team')).TeamRoute })) },
      {
        path: 'ladders',
        ...page(async () => ({ Component: (await import('./routes/ladders')).LaddersRoute })),
      },
      ...['ladders/:slug', 'ladder/:slug'].map((path) => ({
        path,
        ...page(async () => ({ Component: (await import('./routes/ladder')).LadderRoute })),
      })),
      {
        path: 'tournaments',
        ...page(async () => ({ Component: (await import('./routes/tournaments')).TournamentsRoute })),
      },
      ...['tournaments/:slug', 'tournament/:slug'].map((path) => ({
        path,
        ...page(async () => ({ Component: (await import('./routes/tournament')).TournamentRoute })),
      })),
      {
        path: 'leaderboards',
        ...page(async () => ({ Component: (await import('./routes/leaderboards')).LeaderboardsRoute })),
      },
      { path: 'queue', ...page(async () => ({ Component: (await import('./routes/queue')).QueueRoute })) },
      {
        path: 'ticket/:id',
        ...page(async () => ({ Component: (await import('./routes/ticket')).TicketRoute })),
      },
      {
        path: 'admin',
        ...page(async () => ({ Component: (await import('./routes/admin')).AdminRoute })),
        // One chunk per admin page, in the admin menu's order; the menu reads the same list.
        children: ADMIN_PAGES.map((adminPage) => ({
          ...(adminPage.path === '' ? { index: true } : { path: adminPage.path }),
          lazy: async () => ({ Component: await adminPage.load() }),
        })),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
