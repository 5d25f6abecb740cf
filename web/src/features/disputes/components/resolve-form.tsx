import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useResolveTicket } from '../api/resolve-ticket';
import { useScoreSheet } from '../api/get-score-sheet';
import type { Resolution } from '@versus/common/api/disputes';

const scoreOf = (value: FormDataEntryValue | null) => (value === null || value === '' ? null : Number(value));

/**
 * The admin's resolution: a final score per played map, or cancelling the match; an optional note. Every
 * message of a refused resolution shows above the button.
 */
export function ResolveForm({ ticketId, matchId }: { ticketId: number; matchId: number }) {
  const [result, setResult] = useState<Resolution['result']>('score');
  const sheet = useScoreSheet(matchId, true);
  const resolve = useResolveTicket(ticketId);
  const maps = sheet.data?.enteredScores ?? [];

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const note = formText(data, 'note').trim();
    const resolution: Resolution =
      result === 'cancel'
        ? { result, ...(note ? { note } : {}) }
        : {
            result,
            scores: maps.map((m) => ({
              id: m.id,
              firstScore: scoreOf(data.get(`first-${m.id}`)),
              secondScore: scoreOf(data.get(`second-${m.id}`)),
            })),
            ...(note ? { note } : {}),
          };
    resolve.mutate(resolution, { onSuccess: (message) => notify.success(message) });
  };

  const challengerTag = sheet.data?.teams.challengerTeam.tag ?? 'Challenger';
  const opponentTag = sheet.data?.teams.opponentTeam.tag ?? 'Opponent';
  return (
    <form className="form" onSubmit={handleSubmit} aria-labelledby="resolve-title">
      <h2 id="resolve-title" className="section-title">
        Resolve the dispute
      </h2>
      <fieldset className="radio-group">
        <legend className="field-label">Outcome</legend>
        <label>
          <input
            type="radio"
            name="result"
            checked={result === 'score'}
            onChange={() => setResult('score')}
          />{' '}
          Final score
        </label>
        <label>
          <input
            type="radio"
            name="result"
            checked={result === 'cancel'}
            onChange={() => setResult('cancel')}
          />{' '}
          Cancel the match
        </label>
      </fieldset>
      {result === 'score' &&
        (maps.length === 0 ? (
          <p className="muted">{sheet.isPending ? 'Loading maps ...' : 'No played maps to score.'}</p>
        ) : (
          maps.map((m) => (
            <fieldset key={m.id} className="score-row">
              <legend>{m.mapName}</legend>
              <label>
                {challengerTag}{' '}
                <input
                  type="number"
                  min={0}
                  name={`first-${m.id}`}
                  defaultValue={m.firstScore ?? ''}
                  className="field-input score-input"
                />
              </label>
              <label>
                {opponentTag}{' '}
                <input
                  type="number"
                  min={0}
                  name={`second-${m.id}`}
                  defaultValue={m.secondScore ?? ''}
                  className="field-input score-input"
                />
              </label>
            </fieldset>
          ))
        ))}
      <div className="field">
        <label className="field-label" htmlFor="resolve-note">
          Note for the players (optional)
        </label>
        <textarea id="resolve-note" name="note" className="field-input" maxLength={2000} rows={3} />
      </div>
      <FormError error={resolve.error} />
      <button
        type="submit"
        className="button button-primary"
        disabled={resolve.isPending || (result === 'score' && maps.length === 0)}
      >
        {result === 'cancel' ? 'Cancel match and close ticket' : 'Set final score and close ticket'}
      </button>
    </form>
  );
}
