// The game-server contract: the log agent's batches, the admin's pool of CoD4x servers and the player ids
// users bind to their accounts. The server validates with these schemas; the web app and the agent use the
// inferred types.
import { z } from 'zod';
import { statusIdSchema } from './matches.ts';
import { dataOf, idParam, isoDateTime, messageAnswer, slugParam, trimText } from './primitives.ts';

/** Lines a batch may carry, and the longest line (CoD4 lines are short; a longer one is garbage). */
export const AGENT_BATCH_MAX_LINES = 5000;
export const AGENT_LINE_MAX = 4096;

/**
 * `POST /api/v1/game-server-agent/batches`: complete lines of one generation of games_mp.log (`fileKey`),
 * covering bytes `[startOffset, endOffset)` of it, decoded as latin1 so each character is one byte and every
 * line ends in one `\n` byte: `endOffset - startOffset` equals the sum of (line length + 1).
 */
export const agentBatchSchema = z
  .object({
    batchId: z.string().min(1).max(128),
    fileKey: z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, { error: 'The file key field is invalid.' }),
    startOffset: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    endOffset: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    lines: z.array(z.string().max(AGENT_LINE_MAX)).max(AGENT_BATCH_MAX_LINES),
  })
  .refine((b) => b.endOffset - b.startOffset === b.lines.reduce((sum, l) => sum + l.length + 1, 0), {
    error: 'The offsets do not match the lines.',
    path: ['endOffset'],
  });
export type AgentBatch = z.infer<typeof agentBatchSchema>;

/** The platform's receipt: the agent may forget everything below `ackOffset` of that file. */
export const agentBatchReceiptSchema = z
  .object({
    fileKey: z.string(),
    ackOffset: z.number(),
    /** True when every line had been stored before (nothing changed). */
    duplicate: z.boolean(),
    /** Lines stored by this batch (after trimming what was already stored). */
    accepted: z.number(),
    /** Lines that belong to no match on this server (before a match's first InitGame). */
    unattributed: z.number(),
  })
  .meta({ id: 'AgentBatchReceipt' });
export type AgentBatchReceipt = z.infer<typeof agentBatchReceiptSchema>;
export const agentBatchAnswer = dataOf(agentBatchReceiptSchema);

/** A CoD4x rcon password: 8-64 characters (CoD4x refuses rcon below 8) without spaces or quotes. */
const rconPassword = z
  .string({ error: 'The rcon password field is required.' })
  .min(8, { error: 'The rcon password field must be at least 8 characters.' })
  .max(64, { error: 'The rcon password field must not be greater than 64 characters.' })
  .regex(/^[\x21-\x7e]+$/, { error: 'The rcon password may not contain spaces or special characters.' })
  .refine((v) => !/["\\;%]/.test(v), { error: 'The rcon password may not contain " \\ ; or %.' });

const hostName = z
  .string({ error: 'The host field is required.' })
  .trim()
  .min(1, { error: 'The host field is required.' })
  .max(255, { error: 'The host field must not be greater than 255 characters.' })
  .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:]+\]?$/, {
    error: 'The host must be a host name or an IP address.',
  });

const serverName = z
  .string({ error: 'The name field is required.' })
  .overwrite(trimText)
  .min(1, { error: 'The name field is required.' })
  .max(64, { error: 'The name field must not be greater than 64 characters.' });

const port = z
  .number({ error: 'The port field must be a number.' })
  .int({ error: 'The port field must be an integer.' })
  .min(1, { error: 'The port field must be between 1 and 65535.' })
  .max(65535, { error: 'The port field must be between 1 and 65535.' });

const locationId = z
  .number({ error: 'The location id field must be a number or null.' })
  .int()
  .min(1)
  .max(2 ** 31 - 1)
  .nullable();

/** `POST /api/v1/admin/game-servers`. */
export const gameServerCreateSchema = z.object({
  name: serverName,
  host: hostName,
  port: port.default(28960),
  rconPassword,
  locationId: locationId.default(null),
});
export type GameServerCreateInput = z.infer<typeof gameServerCreateSchema>;

/** `PATCH /api/v1/admin/game-servers/{id}`: any subset; `enabled: false` takes a server out of the pool. */
export const gameServerUpdateSchema = z.object({
  name: serverName.optional(),
  host: hostName.optional(),
  port: port.optional(),
  rconPassword: rconPassword.optional(),
  locationId: locationId.optional(),
  enabled: z.boolean({ error: 'The enabled field must be true or false.' }).optional(),
});
export type GameServerUpdateInput = z.infer<typeof gameServerUpdateSchema>;

/** What saving a server found when it tried rcon `status`. */
export const rconCheckSchema = z.enum(['ok', 'bad-rcon', 'no-answer', 'rcon-disabled']);
export type RconCheck = z.infer<typeof rconCheckSchema>;

export const RCON_CHECK_TEXTS: Record<RconCheck, string> = {
  ok: 'rcon answered.',
  'bad-rcon': 'The server answered Bad rcon: the rcon password is wrong.',
  'no-answer': 'The server did not answer.',
  'rcon-disabled': 'The server refuses rcon: its rcon_password is shorter than 8 characters.',
};

/** A pool server as admins see it (never its rcon password). */
export const adminGameServerSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    host: z.string(),
    port: z.number(),
    locationId: z.number().nullable(),
    locationName: z.string().nullable(),
    enabled: z.boolean(),
    kind: z.enum(['registered', 'embedded']),
    status: z.enum(['ONLINE', 'OFFLINE', 'UNKNOWN']),
    lastError: z.string().nullable(),
    map: z.string().nullable(),
    players: z.number(),
    maxPlayers: z.number(),
    lastSeenAt: isoDateTime.nullable(),
    /** The match the server is allocated to; `statusId` 0 when that match could not be read. */
    match: z
      .object({ id: z.number(), url: z.string(), statusId: z.union([statusIdSchema, z.literal(0)]) })
      .nullable(),
    agent: z.object({
      hasToken: z.boolean(),
      lastBatchAt: isoDateTime.nullable(),
      batches: z.number(),
      duplicates: z.number(),
      rejected: z.number(),
      unattributedLines: z.number(),
    }),
  })
  .meta({ id: 'AdminGameServer' });
export type AdminGameServer = z.infer<typeof adminGameServerSchema>;

/** After a create or an update: the server and its rcon check; `agentToken` only on create (shown once). */
export const adminGameServerSavedSchema = adminGameServerSchema
  .extend({
    check: z.object({ result: rconCheckSchema, message: z.string() }),
    agentToken: z.string().optional(),
  })
  .meta({ id: 'AdminGameServerSaved' });
export type AdminGameServerSaved = z.infer<typeof adminGameServerSavedSchema>;

export const gameServerIdParams = z.object({ id: idParam('Game server') });
export const adminGameServersAnswer = dataOf(z.array(adminGameServerSchema));
export const adminGameServerSavedAnswer = dataOf(adminGameServerSavedSchema);
/** `POST /api/v1/admin/game-servers/{id}/agent-token`: a new agent token, shown once. */
export const agentTokenAnswer = dataOf(z.object({ agentToken: z.string() }));
/** Deleting a server and moving a match answer `{message}`. */
export const gameServerCommandAnswer = messageAnswer;

/** A CoD4x player id as `status` prints it: `[U:1:123]`, a 64-bit number, or a 32-hex legacy GUID. */
export const playerIdSchema = z
  .string({ error: 'The player id field is required.' })
  .trim()
  .regex(/^(\[[A-Za-z]:\d:\d{1,10}\]|\d{1,20}|[0-9a-fA-F]{32})$/, {
    error:
      'The player id must be a CoD4x player id as the status command shows it (for example [U:1:12345]).',
  });

/** `PUT /api/v1/users/me/player-ids/{gameSlug}` and the admin's `PUT .../users/{id}/player-ids/{gameSlug}`. */
export const playerIdInputSchema = z.object({ playerId: playerIdSchema });

/** `POST /api/v1/admin/matches/{id}/guests`: a player id allowed on the match's server. */
export const matchGuestInputSchema = z.object({
  playerId: playerIdSchema,
  name: z
    .string({ error: 'The name field is required.' })
    .overwrite(trimText)
    .min(1, { error: 'The name field is required.' })
    .max(64, { error: 'The name field must not be greater than 64 characters.' }),
});

/** `POST /api/v1/admin/matches/{id}/move-server {gameServerId}`: an admin moves a match to another server. */
export const moveServerInputSchema = z.object({
  gameServerId: z
    .number({ error: 'The game server id field is required.' })
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/**
 * `POST /api/v1/match/{id}/server/restore` (admins): the match's server restarts the map it is playing at the
 * log's score, with the maps still to play and the same join password.
 */
export const restoreServerParams = z.object({ id: idParam('Match') });
export const restoreServerAnswer = messageAnswer;

/** A named guest (a caster, an observer) the roster lock lets on a match's server. */
export const matchGuestSchema = z
  .object({ id: z.number(), playerId: z.string(), name: z.string(), createdAt: isoDateTime })
  .meta({ id: 'MatchGuest' });
export type MatchGuest = z.infer<typeof matchGuestSchema>;
export const guestMatchParams = z.object({ id: idParam('Match') });
export const guestParams = z.object({ id: idParam('Match'), guestId: idParam('Guest') });
export const matchGuestsAnswer = dataOf(z.array(matchGuestSchema));
export const matchGuestAnswer = dataOf(matchGuestSchema);
export const removeGuestAnswer = messageAnswer;

/** `GET /api/v1/game-server/{uuid}/status`: the server's live status (Quake 3 `getstatus` query). */
export const gameServerStatusSchema = z
  .object({
    status: z.enum(['ONLINE', 'OFFLINE', 'STARTING']),
    players: z.number(),
    maxPlayers: z.number(),
    map: z.string().nullable(),
  })
  .meta({ id: 'GameServerStatus' });
export type GameServerStatus = z.infer<typeof gameServerStatusSchema>;
export const gameServerUuidParams = z.object({ uuid: slugParam('Game server', 36) });

/** `GET /api/v1/match/{id}/live-score` and `OnMatchLiveScore`: the log's rounds won per played map. */
export const liveScoreSchema = z
  .object({
    matchId: z.number(),
    maps: z.array(
      z.object({
        /** `match_maps.id`. */
        id: z.number(),
        name: z.string(),
        nameCmd: z.string(),
        /** Rounds won by the challenger / the opponent, or null before the map's first round ended. */
        firstScore: z.number().nullable(),
        secondScore: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'LiveScore' });
export type LiveScore = z.infer<typeof liveScoreSchema>;
export const liveScoreAnswer = dataOf(liveScoreSchema);

/** A player id bound to the account, per game. */
export const boundPlayerIdSchema = z
  .object({
    game: z.object({ slug: z.string(), name: z.string() }),
    playerId: z.string(),
    /** Who bound it: `settings` (the owner) or `admin`. */
    source: z.string(),
    linkedAt: isoDateTime,
  })
  .meta({ id: 'BoundPlayerId' });
export type BoundPlayerId = z.infer<typeof boundPlayerIdSchema>;
export const gameSlugParams = z.object({ game: slugParam('Game', 50) });
export const adminPlayerIdParams = z.object({ id: idParam('User'), game: slugParam('Game', 50) });
/** `GET /api/v1/users/me/player-ids` and the admin's binding. */
export const playerIdsAnswer = dataOf(z.array(boundPlayerIdSchema));
/** Linking or unlinking your own id: the text and your ids after it. */
export const playerIdsCommandAnswer = z.object({ message: z.string(), data: z.array(boundPlayerIdSchema) });

/** A refused claim of a player id (another account holds it), for admins. */
export const identityConflictSchema = z
  .object({
    id: z.number(),
    matchId: z.number().nullable(),
    matchUrl: z.string().nullable(),
    playerId: z.string(),
    source: z.string(),
    claimant: z.object({ id: z.number(), username: z.string().nullable() }),
    owner: z.object({ id: z.number(), username: z.string().nullable() }).nullable(),
    /** Escaped HTML. */
    message: z.string(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'IdentityConflict' });
export type IdentityConflict = z.infer<typeof identityConflictSchema>;
/** `GET /api/v1/admin/identity-conflicts`: newest first, at most 100. */
export const identityConflictsAnswer = dataOf(z.array(identityConflictSchema));
