export const userKeys = {
  profile: (username: string) => ['users', 'profile', username] as const,
  stats: (username: string) => ['users', 'stats', username] as const,
  anticheatToken: ['users', 'anticheat-token'] as const,
  playerIds: ['users', 'player-ids'] as const,
  apiTokens: ['users', 'api-tokens'] as const,
  calendar: ['users', 'calendar'] as const,
};

/** The signed-in user's query (owned by the auth feature); settings changes refresh it by key. */
export const ME_QUERY_KEY = ['auth', 'me'] as const;
