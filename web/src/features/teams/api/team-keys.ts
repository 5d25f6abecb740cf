export const teamKeys = {
  all: ['teams'] as const,
  page: (slug: string) => ['teams', 'page', slug] as const,
  invitations: ['teams', 'invitations'] as const,
};
