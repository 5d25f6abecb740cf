export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  maps: ['admin', 'maps'] as const,
  locations: ['admin', 'locations'] as const,
  gameServers: ['admin', 'game-servers'] as const,
  games: ['admin', 'games'] as const,
  mapPools: ['admin', 'map-pools'] as const,
  ladders: ['admin', 'ladders'] as const,
  tournaments: ['admin', 'tournaments'] as const,
  soloQueues: ['admin', 'solo-queues'] as const,
  identityConflicts: ['admin', 'identity-conflicts'] as const,
  stuckMatches: ['admin', 'stuck-matches'] as const,
};
