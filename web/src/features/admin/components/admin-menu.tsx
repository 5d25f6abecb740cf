import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ADMIN_PAGES, adminPageUrl } from '../admin-pages';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'admin-menu-link admin-menu-link-active' : 'admin-menu-link';

/**
 * The admin area's menu: a sidebar on wide screens; on phones one button naming the current page, which
 * unfolds the list and folds it again on every navigation.
 */
export function AdminMenu() {
  const { pathname } = useLocation();
  const listId = useId();
  // The page the list was unfolded on: it reads as folded once the admin is elsewhere.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const current =
    ADMIN_PAGES.find((p) => p.path !== '' && pathname.startsWith(adminPageUrl(p))) ?? ADMIN_PAGES[0];
  return (
    <nav className={open ? 'admin-menu admin-menu-open' : 'admin-menu'} aria-label="Admin">
      <button
        type="button"
        className="admin-menu-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span className="admin-menu-toggle-label">Admin</span> {current?.label}
        <span aria-hidden="true" className="admin-menu-toggle-icon">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <ul className="admin-menu-list" id={listId}>
        {ADMIN_PAGES.map((page) => (
          <li key={page.path}>
            <NavLink
              className={linkClass}
              to={adminPageUrl(page)}
              end={page.path === ''}
              // Folds the phone menu even when the choice is the page already open (no navigation then).
              onClick={() => setOpenOn(null)}
            >
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
