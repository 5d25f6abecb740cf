import { Link } from 'react-router';
import type {
  CompetitionRecord,
  FormResult,
  MapRecord,
  PlayerFigures,
  PlayerStats,
} from '@versus/common/api/player-stats';
import { formatDate } from '@/lib/format-date';
import { usePlayerStats } from '../api/get-player-stats';
import { PlayerRatings } from './player-ratings';

const dash = '–';
const num = (v: number | null, digits = 2) => (v === null ? dash : v.toFixed(digits));
const pct = (v: number | null) => (v === null ? dash : `${v.toFixed(1)} %`);

/** The figures' rows: label and how to show the value (definitions: docs/statistics.md). */
const FIGURES: { label: string; value: (f: PlayerFigures) => string }[] = [
  { label: 'Matches', value: (f) => String(f.matches) },
  { label: 'Won / lost / drawn', value: (f) => `${f.wins} / ${f.losses} / ${f.draws}` },
  { label: 'Win rate', value: (f) => pct(f.winRate) },
  { label: 'K/D', value: (f) => num(f.kd) },
  { label: 'Kills per round', value: (f) => num(f.killsPerRound) },
  { label: 'Damage per round', value: (f) => num(f.damagePerRound, 1) },
  { label: 'Headshot rate', value: (f) => pct(f.headshotRate) },
  { label: 'FPS rating', value: (f) => num(f.fpsRating) },
  { label: 'Plants', value: (f) => String(f.plants) },
  { label: 'Defuses', value: (f) => String(f.defuses) },
];

const RESULT_LETTER = { win: 'W', loss: 'L', draw: 'D' } as const;
const RESULT_WORD = { win: 'Win', loss: 'Loss', draw: 'Draw' } as const;
const COMPETITION_KIND = { ladder: 'Ladder', tournament: 'Tournament', 'solo-queue': 'Solo-queue' } as const;

function Figures({ stats }: { stats: PlayerStats }) {
  return (
    <table className="data-table player-figures">
      <caption className="visually-hidden">Career and last 20 matches</caption>
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col">Career</th>
          <th scope="col">Last 20 matches</th>
        </tr>
      </thead>
      <tbody>
        {FIGURES.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.value(stats.career)}</td>
            <td>{row.value(stats.recent)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FormStrip({ form }: { form: FormResult[] }) {
  if (form.length === 0) return <p className="muted">No finished matches yet.</p>;
  return (
    <ol className="form-strip" aria-label="Last results, newest first">
      {form.map((f) => {
        const words = `${RESULT_WORD[f.result]} against ${f.opponentName ?? 'TBD'}, ${formatDate(f.date)}`;
        return (
          <li key={f.matchId}>
            <Link to={f.url} className={`form-result form-${f.result}`} title={words} aria-label={words}>
              {RESULT_LETTER[f.result]}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

function MapsTable({ maps }: { maps: MapRecord[] }) {
  if (maps.length === 0) return <p className="muted">No map with statistics from a game server yet.</p>;
  return (
    <table className="data-table data-table-stack">
      <caption className="visually-hidden">Per map</caption>
      <thead>
        <tr>
          <th scope="col">Map</th>
          <th scope="col">Maps played</th>
          <th scope="col">Win rate</th>
          <th scope="col">K/D</th>
          <th scope="col">FPS rating</th>
        </tr>
      </thead>
      <tbody>
        {maps.map((m) => (
          <tr key={m.nameCmd}>
            <td data-label="Map">{m.mapName}</td>
            <td data-label="Maps played">{m.played}</td>
            <td data-label="Win rate">{pct(m.winRate)}</td>
            <td data-label="K/D">{num(m.kd)}</td>
            <td data-label="FPS rating">{num(m.fpsRating)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CompetitionsTable({ competitions }: { competitions: CompetitionRecord[] }) {
  if (competitions.length === 0) return <p className="muted">No finished matches yet.</p>;
  return (
    <table className="data-table data-table-stack">
      <caption className="visually-hidden">Per competition</caption>
      <thead>
        <tr>
          <th scope="col">Competition</th>
          <th scope="col">Kind</th>
          <th scope="col">Matches</th>
          <th scope="col">Win rate</th>
          <th scope="col">K/D</th>
          <th scope="col">FPS rating</th>
        </tr>
      </thead>
      <tbody>
        {competitions.map((c) => (
          <tr key={`${c.type}-${c.competitionId}`}>
            <td data-label="Competition">{c.name}</td>
            <td data-label="Kind">{COMPETITION_KIND[c.type]}</td>
            <td data-label="Matches">{c.played}</td>
            <td data-label="Win rate">{pct(c.winRate)}</td>
            <td data-label="K/D">{num(c.kd)}</td>
            <td data-label="FPS rating">{num(c.fpsRating)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The profile's statistics: figures, form strip, per-map and per-competition tables, ratings over time. */
export function PlayerStatsSections({ username }: { username: string }) {
  const query = usePlayerStats(username);
  if (query.isPending) return <p className="muted">Loading statistics ...</p>;
  if (query.isError) return <p>The statistics could not be loaded.</p>;
  const stats = query.data;
  return (
    <>
      <div className="profile-grid">
        <section className="card" aria-labelledby="profile-figures">
          <h2 id="profile-figures" className="section-title">
            Statistics
          </h2>
          <Figures stats={stats} />
        </section>
        <section className="card" aria-labelledby="profile-form">
          <h2 id="profile-form" className="section-title">
            Form
          </h2>
          <FormStrip form={stats.form} />
          <h2 id="profile-competitions" className="section-title">
            Per competition
          </h2>
          <CompetitionsTable competitions={stats.competitions} />
        </section>
      </div>
      <section className="card" aria-labelledby="profile-maps">
        <h2 id="profile-maps" className="section-title">
          Per map
        </h2>
        <MapsTable maps={stats.maps} />
      </section>
      <PlayerRatings ratings={stats.ratings} />
    </>
  );
}
