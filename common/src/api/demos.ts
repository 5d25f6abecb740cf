// Demos and server screenshots: the agent's resumable uploads (`versus-upload`), the match's demos per map,
// and screenshots asked of the game server from the room.
import { z } from 'zod';
import { dataOf, id, idParam, isoDateTime } from './primitives.ts';

export const MEDIA_KINDS = ['demo', 'screenshot'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** File names as CoD4x writes them (`demo_<playerid>_0000.dm_1`, `versus_12_0000.jpg`). */
export const MEDIA_FILE_NAME = /^[A-Za-z0-9_.:\-[\]]{1,128}$/;

/** `POST /api/v1/game-server-agent/uploads`: announce a file (its size and SHA-256) before its bytes. */
export const mediaUploadStartBody = z
  .object({
    kind: z.enum(MEDIA_KINDS, { error: 'The kind must be demo or screenshot.' }),
    fileName: z.string().regex(MEDIA_FILE_NAME, { error: 'The file name is not valid.' }),
    size: z.number().int().positive({ error: 'The file is empty.' }),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'The SHA-256 must be 64 lowercase hex digits.' }),
    /** The map the demo was recorded on (the agent reads it from games_mp.log). */
    map: z
      .string()
      .regex(/^mp_\w{1,60}$/, { error: 'The map name is not valid.' })
      .optional(),
    /** The match the file belongs to; default the match the server is playing (or last played). */
    matchId: id.optional(),
  })
  .meta({ id: 'MediaUploadStart' });
export type MediaUploadStart = z.infer<typeof mediaUploadStartBody>;

export const mediaUploadParams = z.object({
  uploadId: z.uuid({ error: 'Upload not found.' }),
});

/** A chunk's raw bytes (`application/octet-stream`) at the offset its `Content-Range` names. */
export const mediaUploadChunkBody = z
  .custom<Uint8Array>()
  .meta({ type: 'string', format: 'binary', description: 'The bytes of the chunk.' });

export const mediaUploadStateSchema = z
  .object({
    id: z.string(),
    /** Bytes the platform holds: where the next chunk starts. */
    offset: z.number(),
    size: z.number(),
    complete: z.boolean(),
  })
  .meta({ id: 'MediaUpload' });
export type MediaUploadState = z.infer<typeof mediaUploadStateSchema>;
export const mediaUploadAnswer = dataOf(mediaUploadStateSchema);

export const demoSchema = z
  .object({
    id: z.number(),
    mapName: z.string().nullable(),
    username: z.string().nullable(),
    inGameName: z.string().nullable(),
    playerId: z.string().nullable(),
    sizeBytes: z.number(),
    /** `GET /api/v1/demos/{id}/download` */
    downloadUrl: z.string(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Demo' });
export type Demo = z.infer<typeof demoSchema>;

export const matchDemosParams = z.object({ matchId: idParam('Match') });
export const demoParams = z.object({ demoId: idParam('Demo') });

/** `GET /api/v1/demos/{id}/download`: the demo's bytes as CoD4x wrote them. */
export const demoFileAnswer = z
  .custom<Uint8Array>()
  .meta({ type: 'string', format: 'binary', description: 'The demo file (.dm_1).' });

/**
 * `GET /api/v1/match/{id}/demos`: each map's demos, maps in play order. `mapName` is the server's map
 * (`mp_crash`), `mapTitle` the catalogue's name for it (`Crash`; null for a map the catalogue lacks).
 */
export const matchDemosAnswer = dataOf(
  z.array(
    z.object({ mapName: z.string().nullable(), mapTitle: z.string().nullable(), demos: z.array(demoSchema) }),
  ),
).meta({ id: 'MatchDemos' });
export type MatchDemos = z.infer<typeof matchDemosAnswer>['data'];

/** `POST /api/v1/match/{id}/screenshots/request` */
export const serverScreenshotRequestBody = z
  .object({
    target: z.union([z.literal('all'), id], { error: "The target must be 'all' or a player's user id." }),
  })
  .meta({ id: 'ServerScreenshotRequest' });
export type ServerScreenshotRequest = z.infer<typeof serverScreenshotRequestBody>;

export const serverScreenshotRequestAnswer = dataOf(
  z.object({
    /** Players asked for a screenshot. */
    requested: z.number(),
    /** Requests the caller has left on this map (null for admins: no limit). */
    remaining: z.number().nullable(),
  }),
);
