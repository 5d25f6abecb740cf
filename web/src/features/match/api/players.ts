import type { MatchPlayer, MatchPlayers } from '@versus/common/api/match-players';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

/** One row of the player list (`GET /api/v1/match-detail/players/{id}`). */
export type ListedPlayer = MatchPlayer;
export type { MatchPlayers };

export async function getMatchPlayers(matchId: number): Promise<MatchPlayers> {
  const response = await apiClient.get<DataEnvelope<MatchPlayers>>(`/api/v1/match-detail/players/${matchId}`);
  return response.data.data;
}

/** Spec: GET /match/{id}/getMembers, user id -> anticheat badge HTML. */
export async function getAnticheat(matchId: number): Promise<Record<string, string>> {
  const response = await apiClient.get<{ users: Record<string, string> }>(`/match/${matchId}/getMembers`);
  return response.data.users;
}

export function useMatchPlayers(matchId: number, enabled = true) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.players(matchId), queryFn: () => getMatchPlayers(matchId), enabled }),
  );
}

/** Anticheat badges, asked only while the match is in progress (status 4), every 30 s. */
export function useAnticheat(matchId: number, inProgress: boolean) {
  return useQuery(
    queryOptions({
      queryKey: matchKeys.anticheat(matchId),
      queryFn: () => getAnticheat(matchId),
      enabled: inProgress,
      refetchInterval: inProgress ? 30_000 : false,
    }),
  );
}
