// The Laravel-paginator-like parts of a list answer (`meta.current_page`, `meta.last_page`, `links.next`);
// their schemas and `?page=n` (`pageQuery`) live in `@versus/common/api/pagination`.
import type { PageLinks, PageMeta } from '@versus/common/api/pagination';

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
