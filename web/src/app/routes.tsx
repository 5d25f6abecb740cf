import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { HomeRoute } from './routes/home';
import { LadderRoute } from './routes/ladder';
import { LaddersRoute } from './routes/ladders';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { QueueRoute } from './routes/queue';
import { RegisterRoute } from './routes/register';
import { RouteErrorRoute } from './routes/route-error';
import { SettingsRoute } from './routes/settings';
import { TeamRoute } from './routes/team';
import { TeamsRoute } from './routes/teams';
import { NewTeamRoute } from './routes/teams-new';
import { TicketRoute } from './routes/ticket';
import { TournamentRoute } from './routes/tournament';
import { TournamentsRoute } from './routes/tournaments';
import { UserRoute } from './routes/user';

/** Every page; shared by the browser router and the tests' memory router. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'register', element: <RegisterRoute /> },
      // Its own chunk: the match room (and the realtime client) load only when a match is opened.
      { path: 'match/:id', lazy: async () => ({ Component: (await import('./routes/match')).MatchRoute }) },
      // The platform around the match (issue 7). The API links ladders and tournaments in the singular too.
      { path: 'user/:username', element: <UserRoute /> },
      { path: 'settings', element: <SettingsRoute /> },
      { path: 'teams', element: <TeamsRoute /> },
      { path: 'teams/new', element: <NewTeamRoute /> },
      { path: 'team/:slug', element: <TeamRoute /> },
      { path: 'ladders', element: <LaddersRoute /> },
      { path: 'ladders/:slug', element: <LadderRoute /> },
      { path: 'ladder/:slug', element: <LadderRoute /> },
      { path: 'tournaments', element: <TournamentsRoute /> },
      { path: 'tournaments/:slug', element: <TournamentRoute /> },
      { path: 'tournament/:slug', element: <TournamentRoute /> },
      { path: 'queue', element: <QueueRoute /> },
      { path: 'ticket/:id', element: <TicketRoute /> },
      { path: 'admin', lazy: async () => ({ Component: (await import('./routes/admin')).AdminRoute }) },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
