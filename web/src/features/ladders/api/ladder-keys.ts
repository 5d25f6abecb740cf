export const ladderKeys = {
  all: ['ladders'] as const,
  list: ['ladders', 'list'] as const,
  page: (slug: string) => ['ladders', 'page', slug] as const,
};
