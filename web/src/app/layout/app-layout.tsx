import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { clearToastsOnNavigation } from '@/lib/notify';
import { Header } from './header';

/**
 * The frame of every page: the header (with its panels) above the routed page. Moving to another page clears
 * the toasts of the one left behind.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  useEffect(() => clearToastsOnNavigation(), [pathname]);
  return (
    <div className="app-shell">
      <Header />
      <main className="page">
        <Outlet />
      </main>
    </div>
  );
}
