export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  maps: ['admin', 'maps'] as const,
  locations: ['admin', 'locations'] as const,
};
