// A tournament's round windows (docs/scheduling.md): per round, when its matches' agreed times may fall and
// what the deadline does to a match with no agreed time (the admin's default time, or the forfeit rule).
import { useState, type FormEvent } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTournament } from '@versus/common/api/admin';
import type { RoundWindowView } from '@versus/common/api/schedule';
import { FormError } from '@/components/ui/form-error';
import { apiClient } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { notify } from '@/lib/notify';
import type { DataEnvelope } from '@/types/api';

const key = (id: number) => ['admin', 'tournaments', id, 'round-windows'] as const;

/** A `datetime-local` value (the admin's wall clock) as an instant; '' stays '' (the server says why). */
const instant = (value: string) => (value === '' ? '' : new Date(value).toISOString());

export function TournamentRoundWindows({ tournament }: { tournament: AdminTournament }) {
  const queryClient = useQueryClient();
  const path = `/api/v1/admin/tournaments/${tournament.id}/round-windows`;
  const windows = useQuery(
    queryOptions({
      queryKey: key(tournament.id),
      queryFn: async () => (await apiClient.get<DataEnvelope<RoundWindowView[]>>(path)).data.data,
    }),
  );
  const [form, setForm] = useState({
    round: '1',
    opensAt: '',
    deadline: '',
    fallback: 'forfeit',
    defaultTime: '',
  });
  const save = useMutation({
    mutationFn: async () =>
      (
        await apiClient.put<{ message: string }>(`${path}/${form.round}`, {
          opensAt: instant(form.opensAt),
          deadline: instant(form.deadline),
          fallback: form.fallback,
          ...(form.fallback === 'default_time' ? { defaultTime: instant(form.defaultTime) } : {}),
        })
      ).data,
    onSuccess: (answer) => {
      notify.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: key(tournament.id) });
    },
  });
  const remove = useMutation({
    mutationFn: async (round: number) =>
      (await apiClient.delete<{ message: string }>(`${path}/${round}`)).data,
    onSuccess: (answer) => {
      notify.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: key(tournament.id) });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [field]: e.target.value });

  return (
    <section className="form" aria-label={`Round windows of ${tournament.name}`}>
      {windows.data && windows.data.length > 0 ? (
        <ul className="admin-list">
          {windows.data.map((w) => (
            <li key={w.round}>
              Round {w.round}: {formatDate(w.opensAt, 'dateTime')} to {formatDate(w.deadline, 'dateTime')},{' '}
              {w.fallback === 'forfeit'
                ? 'forfeit rule'
                : `default time ${formatDate(w.defaultTime ?? '', 'dateTime')}`}{' '}
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={remove.isPending}
                onClick={() => remove.mutate(w.round)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No round has a window: matches are due at their round&apos;s planned start.</p>
      )}
      <FormError error={remove.error} />
      <form className="form-grid" onSubmit={onSubmit}>
        <label>
          Round
          <input type="number" min={1} max={64} value={form.round} onChange={set('round')} />
        </label>
        <label>
          Opens
          <input type="datetime-local" value={form.opensAt} onChange={set('opensAt')} />
        </label>
        <label>
          Deadline
          <input type="datetime-local" value={form.deadline} onChange={set('deadline')} />
        </label>
        <label>
          At the deadline
          <select value={form.fallback} onChange={set('fallback')}>
            <option value="forfeit">Forfeit rule</option>
            <option value="default_time">Default time</option>
          </select>
        </label>
        {form.fallback === 'default_time' && (
          <label>
            Default time
            <input type="datetime-local" value={form.defaultTime} onChange={set('defaultTime')} />
          </label>
        )}
        <FormError error={save.error} />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Save window
        </button>
      </form>
    </section>
  );
}
