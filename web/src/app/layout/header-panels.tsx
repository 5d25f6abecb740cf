import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Panel } from '@/components/ui/panel';
import { ToggleButton } from '@/components/ui/toggle-button';
import { activeMatchesKeys } from '@/features/active-matches/api/get-active-matches';
import { ActiveMatchesPanel } from '@/features/active-matches/components/active-matches-panel';
import { useActiveMatchesCount } from '@/features/active-matches/hooks/use-active-matches-count';
import { MarkAllSeenLink } from '@/features/notifications/components/mark-all-seen-link';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';
import { useLiveNotifications } from '@/features/notifications/hooks/use-live-notifications';
import { useUnseenNotificationsCount } from '@/features/notifications/hooks/use-unseen-count';
import { usePersistentToggle } from '@/hooks/use-persistent-toggle';

/** One header toggle and the panel it opens. */
export interface HeaderPanel {
  id: string;
  label: string;
  icon: ReactNode;
  count: number;
  open: boolean;
  toggle: () => void;
  close: () => void;
  /** My Servers shows only its body, so its title is for screen readers only. */
  hideTitle: boolean;
  actions?: ReactNode;
  body: ReactNode;
}

/**
 * The three header panels (docs/web-layout.md). Open state is kept in localStorage under showServers,
 * showMatches and showNotifications as 'true'/'false' and restored on load; moving to another page closes
 * them (the page asked for comes first). `userId` is the signed-in user (null: signed out, nothing is
 * fetched). Notifications arrive live on the user's private channel; since most of them mean a match
 * changed, each one also refreshes the Active games list.
 */
export function useHeaderPanels(userId: number | null): {
  panels: HeaderPanel[];
  notificationsLive: boolean;
} {
  const [serversOpen, toggleServers, closeServers] = usePersistentToggle('showServers');
  const [matchesOpen, toggleMatches, closeMatches] = usePersistentToggle('showMatches');
  const [notificationsOpen, toggleNotifications, closeNotifications] =
    usePersistentToggle('showNotifications');
  const closeAll = useCallback(() => {
    closeServers();
    closeMatches();
    closeNotifications();
  }, [closeServers, closeMatches, closeNotifications]);
  useCloseOnNavigation(closeAll);
  const queryClient = useQueryClient();
  const signedIn = userId !== null;
  const live = useLiveNotifications(userId, () => {
    void queryClient.invalidateQueries({ queryKey: activeMatchesKeys.all });
  });
  const matchesCount = useActiveMatchesCount(signedIn);
  const unseenCount = useUnseenNotificationsCount(signedIn);
  const panels: HeaderPanel[] = [
    {
      id: 'servers-panel',
      label: 'My Servers',
      icon: <span className="toggle-icon toggle-icon-servers" aria-hidden="true" />,
      count: 0,
      open: serversOpen,
      toggle: toggleServers,
      close: closeServers,
      hideTitle: true,
      body: <p className="panel-empty">Coming soon!</p>,
    },
    {
      id: 'matches-panel',
      label: 'Active games',
      icon: <span className="toggle-icon toggle-icon-matches" aria-hidden="true" />,
      count: matchesCount,
      open: matchesOpen,
      toggle: toggleMatches,
      close: closeMatches,
      hideTitle: false,
      body: <ActiveMatchesPanel />,
    },
    {
      id: 'notifications-panel',
      label: 'Notifications',
      icon: <span className="toggle-icon toggle-icon-notifications" aria-hidden="true" />,
      count: unseenCount,
      open: notificationsOpen,
      toggle: toggleNotifications,
      close: closeNotifications,
      hideTitle: false,
      actions: <MarkAllSeenLink />,
      body: <NotificationsPanel />,
    },
  ];
  return { panels, notificationsLive: live };
}

/** Calls `close` when the path changes (not on the first render: panels restored on load stay open). */
function useCloseOnNavigation(close: () => void): void {
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    close();
  }, [pathname, close]);
}

/** The row of toggle buttons in the header bar. */
export function PanelToggles({ panels }: { panels: HeaderPanel[] }) {
  return (
    <nav className="panel-toggles" aria-label="Panels">
      {panels.map((panel) => (
        <ToggleButton
          key={panel.id}
          label={panel.label}
          icon={panel.icon}
          count={panel.count}
          pressed={panel.open}
          controls={panel.id}
          onToggle={panel.toggle}
        />
      ))}
    </nav>
  );
}

/** The open panels, under the header bar; a grid so several can be open side by side on wide screens. */
export function OpenPanels({ panels }: { panels: HeaderPanel[] }) {
  const open = panels.filter((panel) => panel.open);
  if (open.length === 0) return null;
  return (
    <div className="header-panels">
      {open.map((panel) => (
        <Panel
          key={panel.id}
          id={panel.id}
          title={panel.label}
          hideTitle={panel.hideTitle}
          onClose={panel.hideTitle ? undefined : panel.close}
          actions={panel.actions}
        >
          {panel.body}
        </Panel>
      ))}
    </div>
  );
}
