import type { ReactNode } from 'react';
import { Panel } from '@/components/ui/panel';
import { ToggleButton } from '@/components/ui/toggle-button';
import { usePersistentToggle } from '@/hooks/use-persistent-toggle';

/** One header toggle and the panel it opens. */
export interface HeaderPanel {
  id: string;
  label: string;
  count: number;
  open: boolean;
  toggle: () => void;
  close: () => void;
  /** My Servers shows only its body (spec section 2), so its title is for screen readers only. */
  hideTitle: boolean;
  body: ReactNode;
}

/**
 * The three header panels (spec section 2). Open state is kept in localStorage under showServers,
 * showMatches and showNotifications as 'true'/'false'. The active-games and notifications bodies and
 * counts are placeholders until their features exist; the servers badge is fixed at 0 by the spec.
 */
export function useHeaderPanels(): HeaderPanel[] {
  const [serversOpen, toggleServers, closeServers] = usePersistentToggle('showServers');
  const [matchesOpen, toggleMatches, closeMatches] = usePersistentToggle('showMatches');
  const [notificationsOpen, toggleNotifications, closeNotifications] =
    usePersistentToggle('showNotifications');
  return [
    {
      id: 'servers-panel',
      label: 'My Servers',
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
      count: 0,
      open: matchesOpen,
      toggle: toggleMatches,
      close: closeMatches,
      hideTitle: false,
      body: null,
    },
    {
      id: 'notifications-panel',
      label: 'Notifications',
      count: 0,
      open: notificationsOpen,
      toggle: toggleNotifications,
      close: closeNotifications,
      hideTitle: false,
      body: null,
    },
  ];
}

/** The row of toggle buttons in the header bar. */
export function PanelToggles({ panels }: { panels: HeaderPanel[] }) {
  return (
    <nav className="panel-toggles" aria-label="Panels">
      {panels.map((panel) => (
        <ToggleButton
          key={panel.id}
          label={panel.label}
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
        >
          {panel.body}
        </Panel>
      ))}
    </div>
  );
}
