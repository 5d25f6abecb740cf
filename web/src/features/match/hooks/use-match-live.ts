import {
  matchCancelledChannel,
  matchDetailUpdateChannel,
  matchMapVetoChannel,
} from '@versus/common/realtime';
import type { MatchDetailUpdateEvent, RoomPart } from '@versus/common/api/realtime-events';
import type { MatchDetail } from '@versus/common/api/matches';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useChannelEvent } from '@/hooks/use-echo';
import { matchKeys } from '../api/match-keys';

/** What the page does when the match is cancelled; a parameter so tests need not reload jsdom. */
export type ReloadPage = () => void;

/** Who looks at the room: a spectator's room updates from the event alone. */
export interface RoomViewer {
  userId: number | null;
  isAdmin: boolean;
}

const partKeys: Record<RoomPart, (id: number) => readonly unknown[]> = {
  players: matchKeys.players,
  lineup: matchKeys.lineup,
  statistics: matchKeys.statistics,
  ratings: matchKeys.ratings,
  server: matchKeys.server,
  schedule: matchKeys.schedule,
};

/**
 * `MatchDetailUpdate`: a spectator (not an admin, not a player or captain of the match, before or after)
 * takes the detail and the veto match from the event (refetching the veto match when it was left out) and refetches only the shared panels it names as
 * changed, so a crowd does not refetch the room at once; everyone else, and any event without that data,
 * refetches every widget.
 */
export function applyDetailUpdate(
  queryClient: QueryClient,
  matchId: number,
  update: MatchDetailUpdateEvent,
  viewer: RoomViewer,
): void {
  const { detail, veto, participantIds, changed } = update;
  const shown = queryClient.getQueryData<MatchDetail>(matchKeys.detail(matchId));
  const played =
    shown === undefined ||
    shown.canType ||
    [...shown.teams.challenger.players, ...shown.teams.opponent.players].some((p) => p.id === viewer.userId);
  const spectator =
    detail !== undefined &&
    participantIds !== undefined &&
    changed !== undefined &&
    !viewer.isAdmin &&
    !played &&
    (viewer.userId === null || !participantIds.includes(viewer.userId));
  if (!spectator) {
    void queryClient.invalidateQueries({ queryKey: matchKeys.all(matchId) });
    return;
  }
  // A refetch still under way would answer an older version.
  void queryClient.cancelQueries({ queryKey: matchKeys.detail(matchId) });
  void queryClient.cancelQueries({ queryKey: matchKeys.veto(matchId) });
  queryClient.setQueryData(matchKeys.detail(matchId), detail);
  // Left out when the update would not fit in one event: read again.
  if (veto) queryClient.setQueryData(matchKeys.veto(matchId), veto);
  else void queryClient.invalidateQueries({ queryKey: matchKeys.veto(matchId) });
  for (const part of changed) void queryClient.invalidateQueries({ queryKey: partKeys[part](matchId) });
}

/**
 * The match room's live updates (docs/realtime.md): a veto move replaces the veto match, a detail update
 * refetches every widget (a spectator's room: only what changed, see `applyDetailUpdate`; after a
 * reconnect every widget, as events may have been missed), a cancellation reloads the page in every tab (the cancelling one too; its toast
 * comes back after the reload, see status-commands.ts). Returns true once all three channels are
 * subscribed, after which nothing that happens can be missed.
 */
export function useMatchLive(matchId: number, reload: ReloadPage, viewer: RoomViewer): boolean {
  const queryClient = useQueryClient();
  const everything = [matchKeys.all(matchId)];

  const vetoLive = useChannelEvent(
    matchMapVetoChannel(matchId),
    'OnMatchMapChange',
    ({ match }) => queryClient.setQueryData(matchKeys.veto(matchId), match),
    { refetch: [matchKeys.veto(matchId)] },
  );
  const updateLive = useChannelEvent(
    matchDetailUpdateChannel(matchId),
    'MatchDetailUpdate',
    (update) => applyDetailUpdate(queryClient, matchId, update, viewer),
    { refetch: everything },
  );
  const cancelLive = useChannelEvent(matchCancelledChannel(matchId), 'OnMatchCancelled', () => reload(), {
    refetch: everything,
  });
  return vetoLive && updateLive && cancelLive;
}
