import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { formText } from '@/lib/form-data';
import { useCreateChallenge } from '../api/create-challenge';
import { useTeamRoster } from '../api/get-roster';
import type { CaptainedTeam, Standing } from '@versus/common/api/ladders';

interface ChallengeFormProps {
  ladderId: number;
  opponent: Standing;
  challengerTeams: CaptainedTeam[];
  /** Players per side: a roster bigger than this chooses its lineup here. */
  teamSize: number;
  onCancel: () => void;
  /** Called with the new match's id. */
  onCreated: (matchId: number) => void;
}

/**
 * Best-of and an optional start time for a challenge against `opponent`. A refused challenge shows every
 * message of the server in the form, above its buttons.
 */
export function ChallengeForm({
  ladderId,
  opponent,
  challengerTeams,
  teamSize,
  onCancel,
  onCreated,
}: ChallengeFormProps) {
  const create = useCreateChallenge(ladderId);
  const [teamSlug, setTeamSlug] = useState<string | null>(challengerTeams[0]?.slug ?? null);
  const roster = useTeamRoster(teamSlug).data ?? [];
  // A bigger roster than the team size: the captain chooses who plays (the lineup); else the roster plays.
  const choosing = roster.length > teamSize;
  const name = opponent.team.name;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const bestOf = Number(data.get('bestOf')) as 1 | 3 | 5;
    const start = formText(data, 'startDate');
    const teamId = challengerTeams.length > 1 ? Number(data.get('teamId')) : undefined;
    const lineup = data.getAll('lineup').map(Number);
    create.mutate(
      {
        opponentTeamId: opponent.team.id,
        bestOf,
        startDate: start === '' ? null : new Date(start).toISOString(),
        ...(teamId === undefined ? {} : { teamId }),
        ...(choosing ? { lineup } : {}),
      },
      { onSuccess: (match) => onCreated(match.id) },
    );
  };

  return (
    <form className="form challenge-form" onSubmit={handleSubmit} aria-label={`Challenge ${name}`}>
      {challengerTeams.length > 1 && (
        <div className="field">
          <label className="field-label" htmlFor="challenge-team">
            Your team
          </label>
          <select
            id="challenge-team"
            name="teamId"
            className="field-input"
            onChange={(e) =>
              setTeamSlug(challengerTeams.find((t) => t.id === Number(e.target.value))?.slug ?? null)
            }
          >
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
      {choosing && (
        <fieldset className="field lineup-choice">
          <legend className="field-label">Lineup (choose {teamSize})</legend>
          {roster.map((m) => (
            <label key={m.id} className="checkbox">
              <input type="checkbox" name="lineup" value={m.id} /> {m.username}
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label className="field-label" htmlFor="challenge-start">
          Start time (empty: as soon as accepted)
        </label>
        <input id="challenge-start" name="startDate" type="datetime-local" className="field-input" />
      </div>
      <FormError error={create.error} />
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
