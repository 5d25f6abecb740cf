import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { useLineups, useSaveLineup } from '../../api/lineup';

/**
 * The captain's lineup (ladder and tournament matches, before the veto): who of the roster plays. Shown
 * only while the captain may still set it; a roster of exactly the team size is the lineup already. A refused
 * lineup is said above the Save button (and as the spec's "An error has occurred: ..." toast).
 */
export function LineupEditor({ matchId, signedIn }: { matchId: number; signedIn: boolean }) {
  const lineups = useLineups(matchId, signedIn);
  const save = useSaveLineup(matchId);
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const data = lineups.data;
  if (!data?.canEdit || data.side === null) return null;
  const own = data.side === 1 ? data.challenger : data.opponent;
  const chosen = picked ?? new Set(data.roster.filter((r) => r.inLineup).map((r) => r.id));
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate([...chosen], { onSuccess: () => setPicked(null) });
  };
  return (
    <form className="match-card lineup-editor" aria-label="Lineup" onSubmit={onSubmit}>
      <h2>
        Lineup of {own.name}{' '}
        <span className="muted">
          ({chosen.size} of {own.size}){own.complete ? '' : ' - not complete yet'}
        </span>
      </h2>
      <ul className="lineup-roster">
        {data.roster.map((r) => (
          <li key={r.id}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={chosen.has(r.id)}
                disabled={r.inOtherLineup}
                onChange={() => toggle(r.id)}
              />{' '}
              {r.username}
              {r.inOtherLineup && <span className="muted"> (plays for the other side)</span>}
            </label>
          </li>
        ))}
      </ul>
      <FormError error={save.error} />
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        Save lineup
      </button>
    </form>
  );
}
