import type {
  FpsLeaderboard,
  LeaderboardOptions,
  RatingLeaderboard,
  TeamLeaderboard,
} from '@versus/common/api/leaderboards';
import {
  FPS_LEADERBOARD_MIN_MATCHES,
  FPS_LEADERBOARD_MIN_MATCHES_FLOOR,
  LEADERBOARD_LISTS,
  type LeaderboardList,
} from '@versus/common/stats/leaderboards';
import { Link, useSearchParams } from 'react-router';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { Flag } from '@/components/ui/flag';
import { SelectField } from '@/components/ui/form-field';
import { Pager } from '@/components/ui/pager';
import { errorMessage } from '@/lib/api-error';
import { useLeaderboard, useLeaderboardOptions, type LeaderboardFilters } from '../api/get-leaderboards';

const LIST_NAMES: Record<LeaderboardList, string> = {
  rating: 'Player rating',
  fps: 'FPS rating',
  teams: 'Teams',
};

/** The FPS list's minimum-matches choices, from the floor the API allows. */
const MIN_MATCHES_CHOICES = [FPS_LEADERBOARD_MIN_MATCHES_FLOOR, 5, FPS_LEADERBOARD_MIN_MATCHES, 20, 50];

const COMPETITION_KINDS = { ladder: 'Ladder', tournament: 'Tournament', 'solo-queue': 'Solo-queue' } as const;

const isList = (value: string | null): value is LeaderboardList =>
  (LEADERBOARD_LISTS as readonly string[]).includes(value ?? '');

/** A country's name from its code (the code, upper case, where the browser has none). */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

const profile = (username: string) => `/user/${encodeURIComponent(username)}`;

const player = (row: { flag: string | null; username: string }) => (
  <span>
    <Flag code={row.flag} /> <Link to={profile(row.username)}>{row.username}</Link>
  </span>
);

type RatingRow = RatingLeaderboard['data'][number];
type FpsRow = FpsLeaderboard['data'][number];
type TeamRow = TeamLeaderboard['data'][number];

const RATING_COLUMNS: readonly StackedColumn<RatingRow>[] = [
  { label: 'Rank', value: (row) => row.rank },
  { label: 'Player', value: player },
  {
    label: 'Rating',
    value: (row) => (
      <span>
        {row.rating}
        {row.provisional && <span className="muted"> (provisional)</span>}
      </span>
    ),
  },
  { label: 'Matches', value: (row) => row.matches },
];

const FPS_COLUMNS: readonly StackedColumn<FpsRow>[] = [
  { label: 'Rank', value: (row) => row.rank },
  { label: 'Player', value: player },
  { label: 'FPS rating', value: (row) => row.fpsRating.toFixed(2) },
  { label: 'Matches', value: (row) => row.matches },
  { label: 'K/D', value: (row) => row.kdRatio.toFixed(2) },
];

const TEAM_COLUMNS: readonly StackedColumn<TeamRow>[] = [
  { label: 'Rank', value: (row) => row.rank },
  {
    label: 'Team',
    value: (row) => (
      <Link to={`/team/${encodeURIComponent(row.slug)}`}>
        [{row.tag}] {row.name}
      </Link>
    ),
  },
  { label: 'Ladder rating', value: (row) => row.rating },
  { label: 'Won', value: (row) => row.wins },
  { label: 'Lost', value: (row) => row.losses },
  { label: 'Drawn', value: (row) => row.draws },
];

const byUser = (row: { userId: number }) => String(row.userId);

interface FilterProps {
  list: LeaderboardList;
  options: LeaderboardOptions;
  filters: LeaderboardFilters;
  onChange: (
    changes: Partial<Record<'game' | 'competition' | 'season' | 'country' | 'minMatches', string>>,
  ) => void;
}

/** Game, competition (ladders only for teams), a ladder's season, and the country of players. */
function Filters({ list, options, filters, onChange }: FilterProps) {
  const game = options.games.find((g) => g.slug === filters.game) ?? options.games[0];
  const competitions = (game?.competitions ?? []).filter((c) => list !== 'teams' || c.type === 'ladder');
  const competition = competitions.find((c) => c.key === filters.competition);
  const ladder = competition ?? (list === 'teams' ? competitions[0] : undefined);
  const seasons = ladder?.type === 'ladder' ? ladder.seasons : [];
  return (
    <div className="leaderboard-filters">
      <SelectField
        label="Game"
        value={game?.slug ?? ''}
        onChange={(e) => onChange({ game: e.target.value, competition: '', season: '' })}
      >
        {options.games.map((g) => (
          <option key={g.slug} value={g.slug}>
            {g.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={list === 'teams' ? 'Ladder' : 'Competition'}
        value={competition?.key ?? ''}
        onChange={(e) => onChange({ competition: e.target.value, season: '' })}
      >
        {list !== 'teams' && (
          <option value="">{list === 'rating' ? 'Every solo-queue' : 'Every competition'}</option>
        )}
        {competitions.map((c) => (
          <option key={c.key} value={c.key}>
            {list === 'teams' ? c.name : `${COMPETITION_KINDS[c.type]}: ${c.name}`}
          </option>
        ))}
      </SelectField>
      {seasons.length > 0 && (
        <SelectField
          label="Season"
          value={filters.season ?? ''}
          onChange={(e) =>
            onChange({ season: e.target.value, ...(competition ? {} : { competition: ladder?.key ?? '' }) })
          }
        >
          <option value="">{list === 'teams' ? 'Current season' : 'Every season'}</option>
          {seasons.map((s) => (
            <option key={s.number} value={String(s.number)}>
              {s.name}
            </option>
          ))}
        </SelectField>
      )}
      {list === 'fps' && (
        <SelectField
          label="At least"
          value={filters.minMatches ?? String(FPS_LEADERBOARD_MIN_MATCHES)}
          onChange={(e) => onChange({ minMatches: e.target.value })}
        >
          {MIN_MATCHES_CHOICES.map((n) => (
            <option key={n} value={String(n)}>
              {n} matches
            </option>
          ))}
        </SelectField>
      )}
      {list !== 'teams' && (
        <SelectField
          label="Country"
          value={filters.country ?? ''}
          onChange={(e) => onChange({ country: e.target.value })}
        >
          <option value="">Every country</option>
          {options.countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}

function Board({
  list,
  filters,
  onPage,
}: {
  list: LeaderboardList;
  filters: LeaderboardFilters;
  onPage: (page: number) => void;
}) {
  const board = useLeaderboard(list, filters);
  if (board.isPending) return <p className="muted">Loading ...</p>;
  if (board.isError)
    return <p role="alert">{errorMessage(board.error, 'The leaderboard could not be loaded.')}</p>;
  const answer = board.data;
  const empty = answer.board.data.length === 0;
  return (
    <>
      {answer.list === 'fps' && (
        <p className="muted">
          Players with at least {answer.board.minMatches} matches with statistics from a game server.
        </p>
      )}
      {answer.list === 'teams' && answer.board.ladder && (
        <p className="muted">
          {answer.board.ladder.name}
          {answer.board.season &&
            ` · ${answer.board.season.name}${answer.board.season.closed ? ' (final standings)' : ''}`}
        </p>
      )}
      {empty ? (
        <p className="muted">Nobody is on this leaderboard yet.</p>
      ) : answer.list === 'rating' ? (
        <StackedTable
          className="leaderboard-table"
          caption="Players by player rating"
          columns={RATING_COLUMNS}
          rows={answer.board.data}
          rowKey={byUser}
        />
      ) : answer.list === 'fps' ? (
        <StackedTable
          className="leaderboard-table"
          caption="Players by FPS rating"
          columns={FPS_COLUMNS}
          rows={answer.board.data}
          rowKey={byUser}
        />
      ) : (
        <StackedTable
          className="leaderboard-table"
          caption="Teams by ladder standing"
          columns={TEAM_COLUMNS}
          rows={answer.board.data}
          rowKey={(row) => String(row.teamId)}
        />
      )}
      <Pager
        page={answer.board.meta.current_page}
        lastPage={answer.board.meta.last_page}
        onPage={onPage}
        label="Leaderboard pages"
      />
    </>
  );
}

/**
 * `/leaderboards`: players by player rating, players by FPS rating and teams by ladder standing, per game,
 * competition, season and country, a page at a time; the choices live in the address (`?list=fps&page=2`).
 */
export function LeaderboardsPage() {
  const [params, setParams] = useSearchParams();
  const list: LeaderboardList = isList(params.get('list'))
    ? (params.get('list') as LeaderboardList)
    : 'rating';
  const options = useLeaderboardOptions();
  const text = (key: string) => params.get(key) || undefined;
  const page = Number(params.get('page'));
  const filters: LeaderboardFilters = {
    game: text('game'),
    competition: text('competition'),
    season: text('season'),
    country: list === 'teams' ? undefined : text('country'),
    minMatches: list === 'fps' ? text('minMatches') : undefined,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const chooseList = (next: LeaderboardList) => {
    const competition = options.data?.games
      .find((g) => g.slug === filters.game)
      ?.competitions.find((c) => c.key === filters.competition);
    // A list keeps the filters it reads: the teams list keeps a ladder only.
    const keepCompetition = next !== 'teams' || competition?.type === 'ladder';
    update({
      list: next === 'rating' ? '' : next,
      page: '',
      minMatches: next === 'fps' ? (filters.minMatches ?? '') : '',
      ...(keepCompetition ? {} : { competition: '', season: '' }),
    });
  };
  return (
    <section className="leaderboards">
      <h1>Leaderboards</h1>
      <div role="tablist" aria-label="Leaderboards" className="leaderboard-tabs">
        {LEADERBOARD_LISTS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={list === name}
            className="leaderboard-tab"
            onClick={() => chooseList(name)}
          >
            {LIST_NAMES[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={LIST_NAMES[list]} className="card">
        {options.data && (
          <Filters
            list={list}
            options={options.data}
            filters={filters}
            onChange={(changes) => update({ ...changes, page: '' })}
          />
        )}
        <Board list={list} filters={filters} onPage={(n) => update({ page: n === 1 ? '' : String(n) })} />
      </div>
    </section>
  );
}
