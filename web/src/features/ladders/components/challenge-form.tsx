import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useCreateChallenge } from '../api/create-challenge';
import type { Standing, TeamRef } from '../types';

interface ChallengeFormProps {
  ladderId: number;
  opponent: Standing;
  challengerTeams: TeamRef[];
  onCancel: () => void;
  /** Called with the new match's id. */
  onCreated: (matchId: number) => void;
}

/** Best-of and an optional start time for a challenge against `opponent`. */
export function ChallengeForm({
  ladderId,
  opponent,
  challengerTeams,
  onCancel,
  onCreated,
}: ChallengeFormProps) {
  const create = useCreateChallenge(ladderId);
  const [error, setError] = useState<string | null>(null);
  const name = opponent.team.name;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const bestOf = Number(data.get('bestOf')) as 1 | 3 | 5;
    const start = formText(data, 'startDate');
    const teamId = challengerTeams.length > 1 ? Number(data.get('teamId')) : undefined;
    create.mutate(
      {
        opponentTeamId: opponent.team.id,
        bestOf,
        startDate: start === '' ? null : new Date(start).toISOString(),
        ...(teamId === undefined ? {} : { teamId }),
      },
      {
        onSuccess: (match) => onCreated(match.id),
        onError: (err) => {
          const fields = fieldErrors(err);
          const first = fields ? Object.values(fields)[0]?.[0] : undefined;
          setError(first ?? errorMessage(err));
          notify.error(first ?? errorMessage(err));
        },
      },
    );
  };

  return (
    <form className="form challenge-form" onSubmit={handleSubmit} aria-label={`Challenge ${name}`}>
      {challengerTeams.length > 1 && (
        <div className="field">
          <label className="field-label" htmlFor="challenge-team">
            Your team
          </label>
          <select id="challenge-team" name="teamId" className="field-input">
            {challengerTeams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor="challenge-best-of">
          Best of
        </label>
        <select id="challenge-best-of" name="bestOf" className="field-input" defaultValue="3">
          <option value="1">Best of 1</option>
          <option value="3">Best of 3</option>
          <option value="5">Best of 5</option>
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="challenge-start">
          Start time (empty: as soon as accepted)
        </label>
        <input id="challenge-start" name="startDate" type="datetime-local" className="field-input" />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          Send challenge
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
