import { useId, useState, type FormEvent } from 'react';
import {
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  type ReportCategory,
} from '@versus/common/moderation/moderation';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { placeErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useReportPlayer } from './report-api';

interface ReportTarget {
  userId: number;
  username: string;
  /** In the match room: the match is the evidence, filled in. */
  matchId?: number | undefined;
}

const FIELDS = ['category', 'text', 'matchId', 'mapName', 'round'];

/**
 * The report dialog: a category, what happened (required) and optional evidence (the match, its map and
 * round). The server decides every rule; a refusal is said in the dialog (under its field when it is about
 * one), the text kept; a report taken closes the dialog with a toast.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const report = useReportPlayer();
  const id = useId();
  const [category, setCategory] = useState<ReportCategory>('cheating');
  const [text, setText] = useState('');
  const [matchId, setMatchId] = useState(target.matchId === undefined ? '' : String(target.matchId));
  const [mapName, setMapName] = useState('');
  const [round, setRound] = useState('');
  const errors = report.error ? placeErrors(report.error, FIELDS) : null;
  const fieldError = (name: string) => errors?.byField[name]?.[0];

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const number = (value: string) => (value.trim() === '' ? null : Number(value));
    report.mutate(
      {
        userId: target.userId,
        category,
        text,
        matchId: number(matchId),
        mapName: mapName.trim() === '' ? null : mapName,
        round: number(round),
      },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
      },
    );
  };

  const described = (name: string) => (fieldError(name) ? `${id}-${name}-error` : undefined);
  const errorLine = (name: string) =>
    fieldError(name) && (
      <p id={`${id}-${name}-error`} className="field-error">
        {fieldError(name)}
      </p>
    );

  return (
    <Modal title={`Report ${target.username}`} onClose={onClose}>
      <form className="form report-form" onSubmit={handleSubmit}>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-category`}>
            Category
          </label>
          <select
            id={`${id}-category`}
            className="field-input"
            value={category}
            aria-invalid={fieldError('category') ? true : undefined}
            aria-describedby={described('category')}
            onChange={(e) => setCategory(e.target.value as ReportCategory)}
          >
            {REPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {REPORT_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
          {errorLine('category')}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-text`}>
            What happened
          </label>
          <textarea
            id={`${id}-text`}
            className="field-input"
            rows={5}
            value={text}
            aria-invalid={fieldError('text') ? true : undefined}
            aria-describedby={described('text')}
            onChange={(e) => setText(e.target.value)}
          />
          {errorLine('text')}
        </div>
        <fieldset className="report-evidence">
          <legend className="field-label">Evidence (optional)</legend>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-match`}>
              Match id
            </label>
            <input
              id={`${id}-match`}
              className="field-input"
              inputMode="numeric"
              value={matchId}
              aria-invalid={fieldError('matchId') ? true : undefined}
              aria-describedby={described('matchId')}
              onChange={(e) => setMatchId(e.target.value)}
            />
            {errorLine('matchId')}
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-map`}>
              Map
            </label>
            <input
              id={`${id}-map`}
              className="field-input"
              value={mapName}
              aria-invalid={fieldError('mapName') ? true : undefined}
              aria-describedby={described('mapName')}
              onChange={(e) => setMapName(e.target.value)}
            />
            {errorLine('mapName')}
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-round`}>
              Round
            </label>
            <input
              id={`${id}-round`}
              className="field-input"
              inputMode="numeric"
              value={round}
              aria-invalid={fieldError('round') ? true : undefined}
              aria-describedby={described('round')}
              onChange={(e) => setRound(e.target.value)}
            />
            {errorLine('round')}
          </div>
        </fieldset>
        <FormError messages={errors?.rest ?? []} />
        <div className="modal-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-danger" disabled={report.isPending}>
            Send report
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** "Report": opens the report dialog for a player. */
export function ReportButton({ target, className }: { target: ReportTarget; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ?? 'button button-ghost button-small'}
        aria-label={`Report ${target.username}`}
        onClick={() => setOpen(true)}
      >
        Report
      </button>
      {open && <ReportDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}
