export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: ['tournaments', 'list'] as const,
  page: (slug: string) => ['tournaments', 'page', slug] as const,
};
