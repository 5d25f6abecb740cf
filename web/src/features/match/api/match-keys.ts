/**
 * Query keys of the match room. Everything shown for match `id` sits under `['match', id]`, so a
 * `MatchDetailUpdate` refetches every widget with one invalidation; chat sits apart (its own event).
 */
export const matchKeys = {
  all: (id: number) => ['match', id] as const,
  detail: (id: number) => ['match', id, 'detail'] as const,
  actions: (id: number) => ['match', id, 'actions'] as const,
  veto: (id: number) => ['match', id, 'veto'] as const,
  chat: (id: number) => ['chat', id] as const,
  pick: (id: number) => ['match', id, 'pick'] as const,
  locations: (id: number) => ['match', id, 'locations'] as const,
  server: (id: number) => ['match', id, 'server'] as const,
  liveScore: (id: number) => ['match', id, 'live-score'] as const,
  /** Keyed by the game server, not the match: polled on its own clock. */
  serverStatus: (uuid: string) => ['game-server', uuid, 'status'] as const,
  canSubmitScore: (id: number) => ['match', id, 'can-submit-score'] as const,
  scoreForm: (id: number) => ['match', id, 'score-form'] as const,
  canDispute: (id: number) => ['match', id, 'can-dispute'] as const,
  subAccess: (id: number) => ['match', id, 'sub-access'] as const,
  subs: (id: number) => ['match', id, 'subs'] as const,
  players: (id: number) => ['match', id, 'players'] as const,
  /** Polled apart from the match (every 30 s in status 4). */
  anticheat: (id: number) => ['anticheat', id] as const,
  screenshots: (id: number, page: number) => ['match', id, 'screenshots', page] as const,
  statistics: (id: number) => ['match', id, 'statistics'] as const,
  rounds: (id: number) => ['match', id, 'rounds'] as const,
  ratings: (id: number) => ['match', id, 'ratings'] as const,
  lineup: (id: number) => ['match', id, 'lineup'] as const,
  schedule: (id: number) => ['match', id, 'schedule'] as const,
};
