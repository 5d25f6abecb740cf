import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import '@/styles/admin.css';
import { AdminMenu } from './admin-menu';

/**
 * The admin area's frame: the menu beside (on phones: above) the page it opened. A page chosen in the menu
 * opens at its top, not at the scroll position of the long page before it (a `#section` link scrolls itself).
 */
export function AdminLayout() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) document.documentElement.scrollTop = 0;
  }, [pathname, hash]);
  return (
    <div className="admin-area">
      <AdminMenu />
      <div className="admin admin-page">
        <Outlet />
      </div>
    </div>
  );
}
