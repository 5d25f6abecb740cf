import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { formatDate } from '@/lib/format-date';
import { useAcceptTime, useProposeTimes, useSchedule } from '../../api/schedule';

const SLOTS = [0, 1, 2] as const;

/** A `datetime-local` value (the viewer's wall clock) as an instant; null when empty or not a time. */
export function localInputToIso(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The Schedule panel (ladder challenges and tournament matches, docs/scheduling.md): the agreed start in the
 * viewer's time zone for everyone; a captain proposes up to three times (a counter-proposal replaces the open
 * one) or accepts one of the other captain's. Refusals are shown in the form; success is a toast.
 */
export function SchedulePanel({ matchId }: { matchId: number }) {
  const schedule = useSchedule(matchId);
  const propose = useProposeTimes(matchId);
  const accept = useAcceptTime(matchId);
  const [inputs, setInputs] = useState<string[]>(['', '', '']);
  const data = schedule.data;
  if (!data || (!data.open && !data.agreed)) return null;

  const { proposal } = data;
  const countering = proposal !== null && data.canAccept;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const times = inputs.map(localInputToIso).filter((t): t is string => t !== null);
    propose.mutate(times, { onSuccess: () => setInputs(['', '', '']) });
  };

  return (
    <section className="match-card schedule-panel" aria-label="Schedule">
      <h2>Schedule</h2>
      {data.agreed && data.startDate !== null ? (
        <p className="schedule-agreed">
          Agreed start: <time dateTime={data.startDate}>{formatDate(data.startDate, 'full')}</time>
        </p>
      ) : (
        <p className="muted">No start time agreed yet.</p>
      )}
      {data.window && (
        <p className="muted">
          Round window: {formatDate(data.window.opens, 'dateTime')} to{' '}
          {formatDate(data.window.deadline, 'dateTime')}
        </p>
      )}
      {proposal && (
        <div className="schedule-proposal">
          <h3>
            Proposed by {proposal.teamName}
            {proposal.byUsername ? ` (${proposal.byUsername})` : ''}
          </h3>
          <ul>
            {proposal.times.map((time) => (
              <li key={time}>
                <time dateTime={time}>{formatDate(time, 'dateTime')}</time>
                {data.canAccept && (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="button button-primary"
                      disabled={accept.isPending}
                      onClick={() => accept.mutate(time)}
                    >
                      Accept
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
          <FormError error={accept.error} />
        </div>
      )}
      {data.canPropose && (
        <form className="schedule-form" onSubmit={onSubmit}>
          <h3>{countering ? 'Counter-propose' : 'Propose times'}</h3>
          <p className="muted">Up to three times, in your time zone.</p>
          <div className="schedule-inputs">
            {SLOTS.map((i) => (
              <label key={i}>
                Time {i + 1}
                <input
                  type="datetime-local"
                  value={inputs[i]}
                  onChange={(e) => setInputs(inputs.map((v, j) => (j === i ? e.target.value : v)))}
                />
              </label>
            ))}
          </div>
          <FormError error={propose.error} />
          <button
            type="submit"
            className="button"
            disabled={propose.isPending || inputs.every((v) => v === '')}
          >
            {countering ? 'Counter-propose' : 'Propose'}
          </button>
        </form>
      )}
    </section>
  );
}
