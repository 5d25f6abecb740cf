// Screenshots: the anticheat client uploads the image as the raw body; the match's players and admins list them.
import { z } from 'zod';
import { pageLinksSchema, pageMetaSchema } from './pagination.ts';
import { dataOf, idParam } from './primitives.ts';

export const screenshotMatchParams = z.object({ matchId: idParam('Match') });

/** The raw image: `image/png`, `image/jpeg` or `application/octet-stream` (the type is decided by content). */
export const screenshotUploadBody = z
  .custom<Uint8Array>()
  .meta({ type: 'string', format: 'binary', description: 'The PNG or JPEG bytes.' });

export const screenshotUploadAnswer = dataOf(z.object({ id: z.number(), url: z.string() }));

export const screenshotSchema = z
  .object({
    id: z.number(),
    url: z.string(),
    inGameName: z.string().nullable(),
    username: z.string().nullable(),
    /** Taken by the game server on request (`getss`), not uploaded by the anticheat client. */
    takenByServer: z.boolean(),
  })
  .meta({ id: 'Screenshot' });
export type Screenshot = z.infer<typeof screenshotSchema>;

/** `GET /api/v1/screenshots/{matchId}?page=n` */
export const screenshotPageAnswer = z
  .object({ data: z.array(screenshotSchema), meta: pageMetaSchema, links: pageLinksSchema })
  .meta({ id: 'ScreenshotPage' });
export type ScreenshotPage = z.infer<typeof screenshotPageAnswer>;
