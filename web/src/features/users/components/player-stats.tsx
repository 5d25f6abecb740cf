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
import { StackedTable, type StackedColumn } from '@/components/stacked-table';

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

/** The per-map and per-competition tables end alike: win rate, K/D and FPS rating. */
const RECORD_COLUMNS: StackedColumn<MapRecord | CompetitionRecord>[] = [
  { label: 'Win rate', value: (r) => pct(r.winRate) },
  { label: 'K/D', value: (r) => num(r.kd) },
  { label: 'FPS rating', value: (r) => num(r.fpsRating) },
];

const MAP_COLUMNS: StackedColumn<MapRecord>[] = [
  { label: 'Map', value: (m) => m.mapName },
  { label: 'Maps played', value: (m) => m.played },
  ...RECORD_COLUMNS,
];

const COMPETITION_COLUMNS: StackedColumn<CompetitionRecord>[] = [
  { label: 'Competition', value: (c) => c.name },
  { label: 'Kind', value: (c) => COMPETITION_KIND[c.type] },
  { label: 'Matches', value: (c) => c.played },
  ...RECORD_COLUMNS,
];

function MapsTable({ maps }: { maps: MapRecord[] }) {
  if (maps.length === 0) return <p className="muted">No map with statistics from a game server yet.</p>;
  return <StackedTable caption="Per map" columns={MAP_COLUMNS} rows={maps} rowKey={(m) => m.nameCmd} />;
}

function CompetitionsTable({ competitions }: { competitions: CompetitionRecord[] }) {
  if (competitions.length === 0) return <p className="muted">No finished matches yet.</p>;
  return (
    <StackedTable
      caption="Per competition"
      columns={COMPETITION_COLUMNS}
      rows={competitions}
      rowKey={(c) => `${c.type}-${String(c.competitionId)}`}
    />
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
