import type { ComponentType } from 'react';

/** One page of the admin area: its path under `/admin`, its menu label and its lazily loaded component. */
export interface AdminPageEntry {
  /** '' for `/admin` itself. */
  path: string;
  label: string;
  /** What the menu says the page is for (the overview lists it too). */
  description: string;
  load: () => Promise<ComponentType>;
}

/**
 * The admin area's pages, in menu order. Each is its own chunk, fetched when an admin first opens it; the
 * router and the menu both read this list, so a page cannot be routed without a menu entry or the reverse.
 */
export const ADMIN_PAGES: readonly AdminPageEntry[] = [
  {
    path: '',
    label: 'Overview',
    description: 'What needs an admin now.',
    load: async () => (await import('./components/overview-page')).OverviewPage,
  },
  {
    path: 'disputes',
    label: 'Disputes',
    description: 'Open dispute tickets, oldest first.',
    load: async () => (await import('./components/disputes-page')).DisputesPage,
  },
  {
    path: 'matches',
    label: 'Matches',
    description: 'Stuck matches, scores awaiting approval and every open match.',
    load: async () => (await import('./components/matches-page')).MatchesPage,
  },
  {
    path: 'game-servers',
    label: 'Game servers',
    description: 'The server pool, its live state, guests and moves.',
    load: async () => (await import('./components/game-servers-page')).GameServersPage,
  },
  {
    path: 'competitions',
    label: 'Competitions',
    description: 'Tournaments, ladders and solo-queues.',
    load: async () => (await import('./components/competitions-page')).CompetitionsPage,
  },
  {
    path: 'catalogue',
    label: 'Catalogue',
    description: 'Games, maps, map pools and locations.',
    load: async () => (await import('./components/catalogue-page')).CataloguePage,
  },
  {
    path: 'players',
    label: 'Players',
    description: 'Player ids: refused claims, and binding an id to an account.',
    load: async () => (await import('./components/players-page')).PlayersPage,
  },
  {
    path: 'moderation',
    label: 'Moderation',
    description: 'Player reports to act on, bans in force and the audit log.',
    load: async () => (await import('./components/moderation-page')).ModerationPage,
  },
  {
    path: 'webhooks',
    label: 'Webhooks',
    description: 'Endpoints that hear match events (Discord too) and their delivery log.',
    load: async () => (await import('./components/webhooks-page')).WebhooksPage,
  },
];

/** The URL of an admin page. */
export const adminPageUrl = (page: Pick<AdminPageEntry, 'path'>) =>
  page.path ? `/admin/${page.path}` : '/admin';
