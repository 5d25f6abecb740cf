import { useState, type FormEvent } from 'react';
import type { AwardInput, AwardOptions } from '@versus/common/api/results';
import { Modal } from '@/components/ui/modal';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { useAwardOptions, useAwardResult } from '../api/award-result';
// The dialog's look lives with the match room's modals; the admin area uses the same Modal.
import '@/styles/results.css';

/** What the admin picks: a winner, a draw, or the side that did not show. */
type Choice = 'challenger' | 'opponent' | 'draw' | 'walkover-challenger' | 'walkover-opponent';

type ScoreDraft = Record<number, { first: string; second: string }>;

const asNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function toAward(
  choice: Choice,
  reason: string,
  scores: AwardOptions['maps'] | null,
  draft: ScoreDraft,
): AwardInput {
  if (choice === 'walkover-challenger' || choice === 'walkover-opponent') {
    return { kind: 'walkover', absent: choice === 'walkover-challenger' ? 'challenger' : 'opponent', reason };
  }
  return {
    kind: 'result',
    winner: choice,
    reason,
    scores:
      scores === null
        ? null
        : scores.map((m) => ({
            id: m.id,
            firstScore: asNumber(draft[m.id]?.first ?? ''),
            secondScore: asNumber(draft[m.id]?.second ?? ''),
          })),
  };
}

function AwardForm({
  matchId,
  options,
  onDone,
}: {
  matchId: number;
  options: AwardOptions;
  onDone: () => void;
}) {
  const award = useAwardResult(matchId);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [reason, setReason] = useState('');
  const [withScores, setWithScores] = useState(false);
  const [draft, setDraft] = useState<ScoreDraft>(() =>
    Object.fromEntries(
      options.maps.map((m) => [
        m.id,
        { first: m.firstScore?.toString() ?? '', second: m.secondScore?.toString() ?? '' },
      ]),
    ),
  );
  const { challenger, opponent } = options;
  const choices: { value: Choice; label: string }[] = [
    { value: 'challenger', label: `${challenger.name} won` },
    { value: 'opponent', label: `${opponent.name} won` },
    ...(options.drawsAllowed ? [{ value: 'draw' as const, label: 'Draw' }] : []),
    { value: 'walkover-opponent', label: `Walkover: ${opponent.name} did not show` },
    { value: 'walkover-challenger', label: `Walkover: ${challenger.name} did not show` },
  ];
  const isWalkover = choice === 'walkover-challenger' || choice === 'walkover-opponent';
  const scoresShown = withScores && !isWalkover && options.maps.length > 0;
  const errors = fieldErrors(award.error);
  const problem = award.isError ? (errors?.reason?.[0] ?? errorMessage(award.error)) : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choice === null) return;
    award.mutate(toAward(choice, reason, scoresShown ? options.maps : null, draft), { onSuccess: onDone });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <fieldset className="award-choices">
        <legend>Outcome</legend>
        {choices.map((c) => (
          <label key={c.value} className="award-choice">
            <input
              type="radio"
              name="award-choice"
              value={c.value}
              checked={choice === c.value}
              onChange={() => {
                award.reset();
                setChoice(c.value);
              }}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      {isWalkover && <p className="muted">A walkover does not change ratings.</p>}
      {!isWalkover && options.maps.length > 0 && (
        <label className="award-choice">
          <input type="checkbox" checked={withScores} onChange={(e) => setWithScores(e.target.checked)} />
          Record the map scores
        </label>
      )}
      {scoresShown && (
        <table className="award-maps">
          <caption className="visually-hidden">Map scores</caption>
          <thead>
            <tr>
              <th scope="col">Map</th>
              <th scope="col">{challenger.name}</th>
              <th scope="col">{opponent.name}</th>
            </tr>
          </thead>
          <tbody>
            {options.maps.map((m) => (
              <tr key={m.id}>
                <th scope="row">{m.name}</th>
                {(['first', 'second'] as const).map((key) => (
                  <td key={key}>
                    <input
                      type="number"
                      className="field-input"
                      min={0}
                      max={options.maxMapScore}
                      aria-label={`${m.name}: ${key === 'first' ? challenger.name : opponent.name}`}
                      value={draft[m.id]?.[key] ?? ''}
                      onChange={(e) =>
                        setDraft((d) => ({
                          ...d,
                          [m.id]: {
                            first: d[m.id]?.first ?? '',
                            second: d[m.id]?.second ?? '',
                            [key]: e.target.value,
                          },
                        }))
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="field">
        <label className="field-label" htmlFor={`award-reason-${matchId}`}>
          Reason (shown in the match room)
        </label>
        <textarea
          id={`award-reason-${matchId}`}
          className="field-input"
          rows={3}
          maxLength={500}
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {problem && (
        <p className="award-error" role="alert">
          {problem}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={onDone}>
          Back
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={choice === null || reason.trim() === '' || award.isPending}
        >
          Award result
        </button>
      </div>
    </form>
  );
}

function AwardDialog({ matchId, onClose }: { matchId: number; onClose: () => void }) {
  const options = useAwardOptions(matchId);
  return (
    <Modal title={`Award a result: match #${matchId}`} onClose={onClose}>
      {options.isPending && <p className="muted">Loading ...</p>}
      {options.isError && (
        <p className="award-error" role="alert">
          {errorMessage(options.error)}
        </p>
      )}
      {options.data && !options.data.canAward && (
        <p className="award-error" role="alert">
          {options.data.refusal}
        </p>
      )}
      {options.data?.canAward && <AwardForm matchId={matchId} options={options.data} onDone={onClose} />}
    </Modal>
  );
}

/**
 * The admin's way to finish a match that has no result: a winner (or a draw where allowed), optionally with
 * the map scores, or a walkover, always with a reason the room shows. The server checks every part again.
 */
export function AwardResult({ matchId }: { matchId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={() => setOpen(true)}
        aria-label={`Award a result to match #${matchId}`}
      >
        Award result
      </button>
      {open && <AwardDialog matchId={matchId} onClose={() => setOpen(false)} />}
    </>
  );
}
