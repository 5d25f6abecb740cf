// Page numbers from `?page=n` and the Laravel-paginator-like answer the web client reads
// (`meta.current_page`, `meta.last_page`, `links.next`).

/** `?page=n`: a positive integer, anything else is page 1 (a list never fails on a bad page number). */
export function pageFromQuery(query: unknown): number {
  const raw = (query as Record<string, unknown> | null)?.page;
  const page = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, page);
}

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

export interface PageLinks {
  first: string;
  last: string;
  prev: string | null;
  next: string | null;
}

/** The `meta` of a page: `last_page` is at least 1 even for an empty list (as Laravel answers). */
export function pageMeta(page: number, perPage: number, total: number, shown: number): PageMeta {
  const from = shown > 0 ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + shown - 1,
  };
}

/** `first`/`last`/`prev`/`next` URLs of a list at `path`. */
export function pageLinks(path: string, meta: PageMeta): PageLinks {
  const at = (n: number) => `${path}?page=${String(n)}`;
  return {
    first: at(1),
    last: at(meta.last_page),
    prev: meta.current_page > 1 ? at(Math.min(meta.current_page - 1, meta.last_page)) : null,
    next: meta.current_page < meta.last_page ? at(meta.current_page + 1) : null,
  };
}
