// A tournament's round windows (docs/scheduling.md): per round, when its matches' agreed times may fall and
// what the deadline does to a match with no agreed time (the admin's default time, or the forfeit rule).
import { useState, type FormEvent } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTournament } from '@versus/common/api/admin';
import type { RoundWindowView } from '@versus/common/api/schedule';
import { FormError } from '@/components/ui/form-error';
import { FormField, SelectField } from '@/components/ui/form-field';
import { apiClient } from '@/lib/api-client';
import { placeErrors } from '@/lib/api-error';
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
  // A refusal's messages under the fields they name; the rest (the round, a server error) above the button.
  const errors = save.error ? placeErrors(save.error, ['opensAt', 'deadline', 'defaultTime']) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [field]: e.target.value });
  // The three instants, on the admin's wall clock, each with the refusal that names it under it.
  const timeField = (label: string, name: 'opensAt' | 'deadline' | 'defaultTime') => (
    <FormField
      label={label}
      name={name}
      type="datetime-local"
      value={form[name]}
      error={errors?.byField[name]?.[0]}
      onChange={set(name)}
    />
  );

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
      <form className="form" aria-label={`Save a round window of ${tournament.name}`} onSubmit={onSubmit}>
        <div className="form-grid">
          <FormField
            label="Round"
            name="round"
            type="number"
            min={1}
            max={64}
            value={form.round}
            onChange={set('round')}
          />
          {timeField('Opens', 'opensAt')}
          {timeField('Deadline', 'deadline')}
          <SelectField
            label="At the deadline"
            name="fallback"
            value={form.fallback}
            onChange={set('fallback')}
          >
            <option value="forfeit">Forfeit rule</option>
            <option value="default_time">Default time</option>
          </SelectField>
          {form.fallback === 'default_time' && timeField('Default time', 'defaultTime')}
        </div>
        <FormError messages={errors?.rest ?? []} />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Save window
        </button>
      </form>
    </section>
  );
}
