import { Outlet } from 'react-router';
import { Header } from './header';

/** The frame of every page: the header (with its panels) above the routed page. */
export function AppLayout() {
  return (
    <div className="app-shell">
      <Header />
      <main className="page">
        <Outlet />
      </main>
    </div>
  );
}
