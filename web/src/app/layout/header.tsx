import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useMe } from '@/lib/auth/get-me';
import { UserMenu } from '@/features/auth/components/user-menu';
import { QueueStatus } from '@/features/solo-queue/components/queue-status';
import { OpenPanels, PanelToggles, useHeaderPanels } from './header-panels';

/** The site's sections; Admin only for admins (the server refuses everyone else anyway). */
function MainNav({ username, isAdmin }: { username: string | null; isAdmin: boolean }) {
  const className = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'nav-link nav-link-active' : 'nav-link';
  return (
    <nav className="main-nav" id="main-nav" aria-label="Main">
      <NavLink className={className} to="/ladders">
        Ladders
      </NavLink>
      <NavLink className={className} to="/tournaments">
        Tournaments
      </NavLink>
      <NavLink className={className} to="/queue">
        Queue
      </NavLink>
      <NavLink className={className} to="/leaderboards">
        Leaderboards
      </NavLink>
      {username !== null && (
        <>
          <NavLink className={className} to="/teams" end>
            Teams
          </NavLink>
          <NavLink className={className} to={`/user/${encodeURIComponent(username)}`}>
            Profile
          </NavLink>
          <NavLink className={className} to="/settings">
            Settings
          </NavLink>
        </>
      )}
      {isAdmin && (
        <NavLink className={className} to="/admin">
          Admin
        </NavLink>
      )}
    </nav>
  );
}

/**
 * Always visible and sticky: the brand, the panel toggles for signed-in users, the sections and the account
 * corner. On phones it is one row of at most 64 px (the toggles as icons with their count badges); the
 * sections and the account corner fold into the Menu button, and fold back on every navigation.
 */
export function Header() {
  const { data: user } = useMe();
  const { panels, notificationsLive } = useHeaderPanels(user?.id ?? null);
  const { pathname } = useLocation();
  // The page the menu was opened on: it reads as closed once the user navigates elsewhere.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  return (
    // data-notifications-live: browser tests wait for it so no broadcast can be missed.
    <header
      className={menuOpen ? 'site-header site-header-menu-open' : 'site-header'}
      data-notifications-live={user ? notificationsLive : undefined}
    >
      <div className="header-bar">
        <Link className="brand" to="/">
          Versus
        </Link>
        {user && <QueueStatus userId={user.id} />}
        {user && <PanelToggles panels={panels} />}
        <button
          type="button"
          className="menu-button icon-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          aria-label="Menu"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          ☰
        </button>
        <UserMenu />
      </div>
      <MainNav username={user?.username ?? null} isAdmin={user?.role === 'admin'} />
      {user && <OpenPanels panels={panels} />}
    </header>
  );
}
