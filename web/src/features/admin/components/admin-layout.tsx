import { Outlet } from 'react-router';
import '@/styles/admin.css';
import { AdminMenu } from './admin-menu';

/** The admin area's frame: the menu beside (on phones: above) the page it opened. */
export function AdminLayout() {
  return (
    <div className="admin-area">
      <AdminMenu />
      <div className="admin admin-page">
        <Outlet />
      </div>
    </div>
  );
}
