export const teamKeys = {
  all: ['teams'] as const,
  page: (slug: string) => ['teams', 'page', slug] as const,
  stats: (slug: string, vs: string | null) => ['teams', 'stats', slug, vs ?? ''] as const,
  list: (page: number, search: string) => ['teams', 'list', page, search] as const,
  invitations: ['teams', 'invitations'] as const,
};
