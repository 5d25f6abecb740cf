// The payload of every realtime event, as a zod schema: the server's typed `publish` takes
// `z.infer` of these (and checks payloads against them outside production), and the listeners' types in
// `@versus/common/realtime` are the same inferred types. Channels and names: `../realtime/events.ts`.
import { z } from 'zod';
import type { RealtimeEventName } from '../realtime/events.ts';
import { chatMessageEvent } from './chat.ts';
import { ticketMessageSchema } from './disputes.ts';
import { liveScoreSchema } from './game-servers.ts';
import { locationCountdownEvent, locationFinishEvent, locationVoteEvent } from './locations.ts';
import { matchDetailSchema, vetoMatchSchema } from './matches.ts';
import { notificationSchema } from './notifications.ts';
import { playerPickerEvent } from './pick.ts';
import { soloQueueMatchFoundEvent, soloQueueStatusEvent, soloQueueUpdateEvent } from './solo-queue.ts';

const matchOnly = z.object({ matchId: z.number() });

/**
 * The match room's panels a change may name, besides the detail and the veto: the shared ones (the same for
 * every spectator), `server`, the server box (its game server allocated, moved, back online, a kick), and
 * `schedule`, the proposed and agreed start times.
 */
export const roomPartSchema = z.enum(['players', 'lineup', 'statistics', 'ratings', 'server', 'schedule']);
export type RoomPart = z.infer<typeof roomPartSchema>;

/**
 * `MatchDetailUpdate`: the spec's `matchId`; after a change of the match itself, also what lets a spectator's
 * room update without refetching it (a crowd watching one match): the detail as a spectator reads it (no chat
 * input), the veto match, the users whose own answers may have changed (players and captains, who refetch the
 * room), and the shared panels that changed. Without them (other senders, or an update too large for one
 * event), the room refetches; without `veto` alone, a spectator's room refetches the veto match.
 */
export const matchDetailUpdateEvent = z.object({
  matchId: z.number(),
  detail: matchDetailSchema.optional(),
  veto: vetoMatchSchema.optional(),
  participantIds: z.array(z.number()).optional(),
  changed: z.array(roomPartSchema).optional(),
});
export type MatchDetailUpdateEvent = z.infer<typeof matchDetailUpdateEvent>;

export const realtimeEventSchemas = {
  OnMessageSend: chatMessageEvent,
  /** Refetch the match, its permissions and its status (a spectator: only what the payload says changed). */
  MatchDetailUpdate: matchDetailUpdateEvent,
  /** The full updated match as the veto panel shows it. */
  OnMatchMapChange: z.object({ match: vetoMatchSchema }),
  /** Prepend when fewer than 15 are listed, else refetch. */
  OnNotificationReceived: z.object({ notification: notificationSchema }),
  /** Refetch the sub candidates and the player list. */
  OnMatchDetailSubAdd: matchOnly,
  /** Show `message` as a warning and recheck dispute eligibility. */
  OnMatchDetailDisputed: z.object({ matchId: z.number(), message: z.string() }),
  /** The pug data after a pick (the spec shows no payload; ours carries the same data as the GET). */
  OnMatchPlayerPickerUpdate: playerPickerEvent,
  /** Reload the page. */
  OnMatchCancelled: matchOnly,
  /** Seconds left of the location vote: -1 not started, 0 auto vote in progress. */
  OnMatchAutoLocationPickerUpdate: locationCountdownEvent,
  /** Close the location voting modal; `locationId` is the chosen location. */
  OnMatchAutoLocationFinishUpdate: locationFinishEvent,
  OnMatchAutoLocationVoteUpdate: locationVoteEvent,
  /** Go to the match room at `url`. */
  OnSoloQueueMatchFound: soloQueueMatchFoundEvent,
  /** The queue's new waiting count. */
  OnSoloQueueUpdate: soloQueueUpdateEvent,
  /** The user's queue status after a change (joined, left, a pop started, an accept, the pop's end). */
  OnSoloQueueStatus: soloQueueStatusEvent,
  /** Rounds won per map so far, from the game server's log. */
  OnMatchLiveScore: liveScoreSchema,
  /** Refetch the tournament page (sign-ups, check-ins, bracket). */
  OnTournamentUpdate: z.object({ tournamentId: z.number() }),
  /** Append `message` to the ticket's list (unless it is there already). */
  OnTicketMessage: z.object({ ticketId: z.number(), message: ticketMessageSchema }),
} as const satisfies Record<RealtimeEventName, z.ZodType>;
