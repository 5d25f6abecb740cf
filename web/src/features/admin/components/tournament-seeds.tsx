// Hand seeding of an upcoming tournament whose seeding is "manual": the signed-up teams in seed order
// (seeded ones first, then the rest by rating, as the draw would take them), moved up and down, saved as one
// list. Teams left unseeded follow by rating at the draw.
import { useState } from 'react';
import type { AdminTournament } from '@versus/common/api/admin';
import type { TournamentPage } from '@versus/common/api/tournaments';
import { notify } from '@/lib/notify';
import { errorMessage } from '@/lib/api-error';
import { useTournament } from '@/lib/tournaments/get-tournament';
import { useSaveSeeds } from '../api/competitions';

type Entry = TournamentPage['teams'][number];

/** Seeded first (by seed), then by rating, highest first: the order the draw uses. */
export function seedOrder(entries: readonly Entry[]): Entry[] {
  return [...entries].sort((a, b) => {
    if (a.seed !== null && b.seed !== null) return a.seed - b.seed;
    if (a.seed !== null) return -1;
    if (b.seed !== null) return 1;
    return b.team.rating - a.team.rating;
  });
}

export function TournamentSeeds({ tournament }: { tournament: AdminTournament }) {
  const slug = tournament.url.replace(/^\/tournament\//, '');
  const page = useTournament(slug);
  const save = useSaveSeeds(slug);
  const [order, setOrder] = useState<number[] | null>(null);

  if (!page.isSuccess) return <p className="muted">Loading the teams ...</p>;
  const entries = page.data.teams;
  if (entries.length === 0) return <p className="muted">No team has signed up yet.</p>;
  const byId = new Map(entries.map((e) => [e.team.id, e]));
  const ids = (order ?? seedOrder(entries).map((e) => e.team.id)).filter((id) => byId.has(id));
  for (const e of entries) if (!ids.includes(e.team.id)) ids.push(e.team.id);

  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    const [id] = next.splice(index, 1);
    if (id === undefined) return;
    next.splice(index + by, 0, id);
    setOrder(next);
  };

  return (
    <div className="tournament-seeds" aria-label={`Seeds of ${tournament.name}`} role="group">
      <ol className="plain-list">
        {ids.map((id, i) => {
          const entry = byId.get(id);
          if (!entry) return null;
          return (
            <li key={id} className="admin-row">
              <span>
                <strong>{i + 1}.</strong> {entry.team.name}{' '}
                <span className="muted">
                  rating {Math.round(entry.team.rating)}
                  {entry.seed !== null ? ` · seed ${entry.seed}` : ' · not seeded'}
                </span>
              </span>
              <span className="admin-row-actions">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move ${entry.team.name} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  disabled={i === ids.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move ${entry.team.name} down`}
                >
                  ↓
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button-small"
        disabled={save.isPending}
        onClick={() =>
          save.mutate(
            { id: tournament.id, teamIds: ids },
            {
              onSuccess: (answer) => {
                setOrder(null);
                notify.success(answer.message);
              },
              onError: (err) => notify.error(errorMessage(err)),
            },
          )
        }
      >
        Save seeds
      </button>
    </div>
  );
}
