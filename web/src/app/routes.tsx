import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { RegisterRoute } from './routes/register';
import { RouteErrorRoute } from './routes/route-error';

/** Every page; shared by the browser router and the tests' memory router. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'register', element: <RegisterRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
