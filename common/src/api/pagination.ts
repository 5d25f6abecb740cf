// Lists that page: `?page=n` and the Laravel-paginator-like parts the web client reads (`meta.current_page`,
// `meta.last_page`, `links.next`).
import { z } from 'zod';

/**
 * `?page=n`: a positive integer; anything else (absent, `0`, `abc`, repeated) is page 1, so a list never
 * fails on a bad page number.
 */
export const pageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform((raw) => Math.max(1, Number(raw)))
    .catch(1)
    .default(1)
    .meta({ description: 'Page number, from 1 (1 when absent or not a number).' }),
});

/** `meta` of a page: `last_page` is at least 1 even for an empty list (as Laravel answers). */
export const pageMetaSchema = z
  .object({
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    from: z.number().nullable(),
    to: z.number().nullable(),
  })
  .meta({ id: 'PageMeta' });
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `first`/`last`/`prev`/`next` URLs of a list. */
export const pageLinksSchema = z
  .object({
    first: z.string(),
    last: z.string(),
    prev: z.string().nullable(),
    next: z.string().nullable(),
  })
  .meta({ id: 'PageLinks' });
export type PageLinks = z.infer<typeof pageLinksSchema>;
