import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import '@/styles/scores.css';
import {
  parseScoreInput,
  useApproveScore,
  useScoreForm,
  useSubmitScore,
  type ScoreForm,
} from '../../api/score';
import { FormError } from '@/components/ui/form-error';
import { ServerLogNotes, serverLogCell } from './server-log-notes';

type Drafts = Record<number, { first: string; second: string }>;

const asInput = (n: number | null) => (n === null ? '' : String(n));

function ScoreFormBody({ matchId, form, onDone }: { matchId: number; form: ScoreForm; onDone: () => void }) {
  const [drafts, setDrafts] = useState<Drafts>(() =>
    Object.fromEntries(
      form.enteredScores.map((s) => [s.id, { first: asInput(s.firstScore), second: asInput(s.secondScore) }]),
    ),
  );
  const [askingDisapprove, setAskingDisapprove] = useState(false);
  const submit = useSubmitScore(matchId, onDone);
  const approve = useApproveScore(matchId, onDone);
  const editable = form.canSubmitScore || form.canEditScore;
  const busy = submit.isPending || approve.isPending;
  const failure = submit.error ?? approve.error;
  const { challengerTeam, opponentTeam } = form.teams;
  const log = form.serverLog;
  const differsOn = (id: number, first: number | null, second: number | null) => {
    const map = log?.maps.find((m) => m.id === id);
    return (
      form.scoreEnteredByUsername !== null &&
      map !== undefined &&
      (map.firstScore !== first || map.secondScore !== second)
    );
  };

  const handleChange = (id: number, side: 'first' | 'second', value: string) =>
    setDrafts((d) => ({
      ...d,
      [id]: { first: d[id]?.first ?? '', second: d[id]?.second ?? '', [side]: value },
    }));
  const handleSubmit = () =>
    submit.mutate(
      form.enteredScores.map((s) => ({
        id: s.id,
        firstScore: parseScoreInput(drafts[s.id]?.first ?? ''),
        secondScore: parseScoreInput(drafts[s.id]?.second ?? ''),
      })),
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (editable) handleSubmit();
      }}
    >
      <table className="score-table">
        <thead>
          <tr>
            <th scope="col">Map</th>
            <th scope="col">{challengerTeam.tag}</th>
            <th scope="col">{opponentTeam.tag}</th>
            {log && <th scope="col">Server log</th>}
          </tr>
        </thead>
        <tbody>
          {form.enteredScores.map((s) => (
            <tr
              key={s.id}
              className={differsOn(s.id, s.firstScore, s.secondScore) ? 'score-row-differs' : undefined}
            >
              <th scope="row">{s.mapName}</th>
              <td>
                <input
                  type="number"
                  min={0}
                  className="input score-input"
                  aria-label={`${s.mapName}: ${challengerTeam.tag} score`}
                  value={drafts[s.id]?.first ?? ''}
                  disabled={!editable}
                  onChange={(e) => handleChange(s.id, 'first', e.target.value)}
                />
              </td>
              <td>
                <input
                  type="number"
                  min={0}
                  className="input score-input"
                  aria-label={`${s.mapName}: ${opponentTeam.tag} score`}
                  value={drafts[s.id]?.second ?? ''}
                  disabled={!editable}
                  onChange={(e) => handleChange(s.id, 'second', e.target.value)}
                />
              </td>
              {log && <td className="score-log-cell">{serverLogCell(log, s.id)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {form.scoreEnteredByUsername && <p className="muted">Score entered by {form.scoreEnteredByUsername}</p>}
      {form.scoreEnteredFromLog && <p className="muted score-from-log">Score entered from the server log</p>}
      {log && (
        <ServerLogNotes
          log={log}
          entered={form.enteredScores}
          scoreEntered={form.scoreEnteredByUsername !== null}
          canSubmit={form.canSubmitScore}
          canApprove={form.canHandleScore}
          hideLive={failure !== null}
        />
      )}
      <FormError error={failure} prefix="An error has occurred: " />
      <div className="modal-actions">
        {form.canSubmitScore && (
          <button type="submit" className="button button-primary" disabled={busy}>
            Submit
          </button>
        )}
        {form.canEditScore && (
          <button type="submit" className="button button-primary" disabled={busy}>
            Edit Score
          </button>
        )}
        {form.canHandleScore && (
          <>
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => approve.mutate(true)}
            >
              Approve Score
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={() => setAskingDisapprove(true)}
            >
              Disapprove Score
            </button>
            {askingDisapprove && (
              <ConfirmDialog
                title="Disapprove this score?"
                message="The entered score is cleared and the match goes back to in progress, so a score is entered again."
                confirmLabel="Yes, disapprove"
                onCancel={() => setAskingDisapprove(false)}
                onConfirm={() => {
                  setAskingDisapprove(false);
                  approve.mutate(false);
                }}
              />
            )}
          </>
        )}
      </div>
    </form>
  );
}

export function ScoreModal({
  matchId,
  title,
  onClose,
}: {
  matchId: number;
  title: string;
  onClose: () => void;
}) {
  const form = useScoreForm(matchId);
  return (
    <Modal title={title} onClose={onClose}>
      {form.data ? (
        <ScoreFormBody matchId={matchId} form={form.data} onDone={onClose} />
      ) : (
        <p className="muted">Loading ...</p>
      )}
    </Modal>
  );
}
