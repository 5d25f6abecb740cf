import { useState } from 'react';
import { Link } from 'react-router';
import type { LadderSeason } from '@versus/common/api/ladders';
import { formatDate } from '@/lib/format-date';
import { useLadderSeason } from '../api/get-season';

const day = (iso: string | null) => (iso ? formatDate(iso) : 'open');

/** The ladder's seasons; a finished one opens its final table. */
export function LadderSeasons({ slug, seasons }: { slug: string; seasons: LadderSeason[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const table = useLadderSeason(slug, open);
  if (seasons.length === 0) return null;
  return (
    <section className="card" aria-labelledby="ladder-seasons">
      <h2 id="ladder-seasons" className="section-title">
        Seasons
      </h2>
      <ul className="plain-list">
        {seasons.map((s) => (
          <li key={s.number} className="admin-row">
            <span>
              {s.name}{' '}
              <span className="muted">
                {day(s.startsAt)} – {day(s.endsAt)} · {s.status}
              </span>
            </span>
            {s.status === 'finished' && (
              <button
                type="button"
                className="button button-ghost button-small"
                aria-expanded={open === s.number}
                onClick={() => setOpen(open === s.number ? null : s.number)}
              >
                {open === s.number ? 'Hide table' : 'Final table'}
              </button>
            )}
          </li>
        ))}
      </ul>
      {open !== null && table.data && (
        <div className="table-scroll">
          <table className="data-table">
            <caption>{table.data.season.name}: final standings</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Team</th>
                <th scope="col">Rating</th>
                <th scope="col">W / L / D</th>
              </tr>
            </thead>
            <tbody>
              {table.data.standings.map((r) => (
                <tr key={r.team.id}>
                  <td>{r.rank}</td>
                  <td>
                    <Link to={r.team.url}>{r.team.name}</Link>
                  </td>
                  <td>{r.rating}</td>
                  <td>
                    {r.wins} / {r.losses} / {r.draws}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
