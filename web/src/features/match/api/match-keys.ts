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
};
