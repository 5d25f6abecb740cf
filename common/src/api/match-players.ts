// The match room's player list: both sides' rosters.
import { z } from 'zod';
import { dataOf, idParam } from './primitives.ts';

export const matchPlayersParams = z.object({ matchId: idParam('Match') });

export const matchPlayerSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    image: z.string().nullable(),
    flag: z.string().nullable(),
    /** Sanitized HTML. */
    formattedUsername: z.string(),
    /** Sanitized HTML; null when the user has no class. */
    formattedClassName: z.string().nullable(),
    /** The player's rating. */
    elo: z.number(),
    /** The weapon class picked in game; null while the game server does not report it (the list shows elo). */
    weapon: z.string().nullable(),
    /** The config link. */
    config: z.string().nullable(),
    isCaptain: z.boolean(),
    isSub: z.boolean(),
    /** While the match is in progress: the anticheat badge (`html` is escaped HTML); else null. */
    anticheat: z.object({ running: z.boolean(), html: z.string() }).nullable(),
  })
  .meta({ id: 'MatchPlayer' });
export type MatchPlayer = z.infer<typeof matchPlayerSchema>;

/** `GET /api/v1/match-detail/players/{matchId}` */
export const matchPlayersSchema = z
  .object({ challenger: z.array(matchPlayerSchema), opponent: z.array(matchPlayerSchema) })
  .meta({ id: 'MatchPlayers' });
export type MatchPlayers = z.infer<typeof matchPlayersSchema>;

export const matchPlayersAnswer = dataOf(matchPlayersSchema);
