// Personal API tokens: read-only tokens a user (or an admin, with the admin scope) makes for bots and stream
// overlays, sent as `Authorization: Bearer <token>`. The token itself is shown once, in the answer that made it.
import { z } from 'zod';
import { dataOf, id, idParam, isoDateTime, nameField } from './primitives.ts';

/** How many tokens one account may hold at once. */
export const API_TOKENS_PER_USER = 10;

export const apiTokenScopeSchema = z.enum(['read', 'admin']).meta({
  id: 'ApiTokenScope',
  description:
    "`read`: every GET the owner could make as a signed-in player. `admin`: also the admin area's GETs (admins only).",
});

export const apiTokenSchema = z
  .object({
    id,
    name: z.string(),
    scope: apiTokenScopeSchema,
    /** The token's first characters (`vsp_12_Ab…`), to tell tokens apart; never the whole token. */
    hint: z.string(),
    createdAt: isoDateTime,
    /** When a request last used it (to the minute), or null when never used. */
    lastUsedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ApiToken' });

export const apiTokenListAnswer = dataOf(z.array(apiTokenSchema));

export const createApiTokenBody = z.object({
  name: nameField('name', { max: 60 }),
  scope: z
    .enum(['read', 'admin'], { error: 'The selected scope is invalid.' })
    .optional()
    .meta({ description: 'Defaults to `read`; `admin` only for admins.' }),
});

/** The new token: `token` is shown this once (only its hash is stored). */
export const createdApiTokenAnswer = dataOf(z.object({ token: z.string(), apiToken: apiTokenSchema }));

export const apiTokenParams = z.object({ tokenId: idParam('Token') });

export type ApiToken = z.infer<typeof apiTokenSchema>;
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;
