import type { CanSubmitScore, EnteredScore, ScoreForm } from '@versus/common/api/scores';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import type { DataEnvelope } from '@/types/api';
import { matchKeys } from './match-keys';

export type { CanSubmitScore, EnteredScore, ScoreForm };

export type ScoreSheet = Pick<EnteredScore, 'id' | 'firstScore' | 'secondScore'>[];

export async function getCanSubmitScore(matchId: number): Promise<CanSubmitScore> {
  const response = await apiClient.get<DataEnvelope<CanSubmitScore>>(
    `/api/v1/match-detail/score/${matchId}/can-submit`,
  );
  return response.data.data;
}

export async function getScoreForm(matchId: number): Promise<ScoreForm> {
  const response = await apiClient.get<DataEnvelope<ScoreForm>>(`/api/v1/match-detail/score/form/${matchId}`);
  return response.data.data;
}

export function useCanSubmitScore(matchId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: matchKeys.canSubmitScore(matchId),
      queryFn: () => getCanSubmitScore(matchId),
      enabled,
    }),
  );
}

/** The form, fetched when the modal opens. */
export function useScoreForm(matchId: number) {
  return useQuery(
    queryOptions({ queryKey: matchKeys.scoreForm(matchId), queryFn: () => getScoreForm(matchId) }),
  );
}

/** An empty score input is sent as null, anything else as a number. */
export function parseScoreInput(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/** The spec's toast for a refused score command; the dialog shows the same message in place. */
const failed = (error: unknown) => notify.error(`An error has occurred: ${errorMessage(error)}`);

/** Enters or edits the score. */
export function useSubmitScore(matchId: number, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scores: ScoreSheet) =>
      apiClient.post(`/api/v1/match-detail/score/form/${matchId}`, { scores }),
    onSuccess: () => {
      notify.success('Match score was submitted successfully');
      onDone();
    },
    onError: failed,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.all(matchId) }),
  });
}

/** Approves (true) or disapproves the other side's score. */
export function useApproveScore(matchId: number, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approve: boolean) =>
      apiClient.post(`/api/v1/match-detail/score/form/${matchId}/approve`, { approve: approve ? 1 : 0 }),
    onSuccess: (_data, approve) => {
      notify.success(
        approve ? 'Match score was approved successfully' : 'Match score was disapproved successfully',
      );
      onDone();
    },
    onError: failed,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: matchKeys.all(matchId) }),
  });
}
