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
import { Flag } from '@/components/ui/flag';
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

function RatingTable({ board }: { board: RatingLeaderboard }) {
  return (
    <table className="data-table data-table-stack leaderboard-table">
      <caption className="visually-hidden">Players by player rating</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Player</th>
          <th scope="col">Rating</th>
          <th scope="col">Matches</th>
        </tr>
      </thead>
      <tbody>
        {board.data.map((row) => (
          <tr key={row.userId}>
            <td data-label="Rank">{row.rank}</td>
            <td data-label="Player">
              <span>
                <Flag code={row.flag} /> <Link to={profile(row.username)}>{row.username}</Link>
              </span>
            </td>
            <td data-label="Rating">
              <span>
                {row.rating}
                {row.provisional && <span className="muted"> (provisional)</span>}
              </span>
            </td>
            <td data-label="Matches">{row.matches}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FpsTable({ board }: { board: FpsLeaderboard }) {
  return (
    <table className="data-table data-table-stack leaderboard-table">
      <caption className="visually-hidden">Players by FPS rating</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Player</th>
          <th scope="col">FPS rating</th>
          <th scope="col">Matches</th>
          <th scope="col">K/D</th>
        </tr>
      </thead>
      <tbody>
        {board.data.map((row) => (
          <tr key={row.userId}>
            <td data-label="Rank">{row.rank}</td>
            <td data-label="Player">
              <span>
                <Flag code={row.flag} /> <Link to={profile(row.username)}>{row.username}</Link>
              </span>
            </td>
            <td data-label="FPS rating">{row.fpsRating.toFixed(2)}</td>
            <td data-label="Matches">{row.matches}</td>
            <td data-label="K/D">{row.kdRatio.toFixed(2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TeamsTable({ board }: { board: TeamLeaderboard }) {
  return (
    <table className="data-table data-table-stack leaderboard-table">
      <caption className="visually-hidden">Teams by ladder standing</caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Team</th>
          <th scope="col">Ladder rating</th>
          <th scope="col">Won</th>
          <th scope="col">Lost</th>
          <th scope="col">Drawn</th>
        </tr>
      </thead>
      <tbody>
        {board.data.map((row) => (
          <tr key={row.teamId}>
            <td data-label="Rank">{row.rank}</td>
            <td data-label="Team">
              <Link to={`/team/${encodeURIComponent(row.slug)}`}>
                [{row.tag}] {row.name}
              </Link>
            </td>
            <td data-label="Ladder rating">{row.rating}</td>
            <td data-label="Won">{row.wins}</td>
            <td data-label="Lost">{row.losses}</td>
            <td data-label="Drawn">{row.draws}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

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
      <div className="field">
        <label className="field-label" htmlFor="leaderboard-game">
          Game
        </label>
        <select
          id="leaderboard-game"
          className="field-input"
          value={game?.slug ?? ''}
          onChange={(e) => onChange({ game: e.target.value, competition: '', season: '' })}
        >
          {options.games.map((g) => (
            <option key={g.slug} value={g.slug}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="leaderboard-competition">
          {list === 'teams' ? 'Ladder' : 'Competition'}
        </label>
        <select
          id="leaderboard-competition"
          className="field-input"
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
        </select>
      </div>
      {seasons.length > 0 && (
        <div className="field">
          <label className="field-label" htmlFor="leaderboard-season">
            Season
          </label>
          <select
            id="leaderboard-season"
            className="field-input"
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
          </select>
        </div>
      )}
      {list === 'fps' && (
        <div className="field">
          <label className="field-label" htmlFor="leaderboard-min-matches">
            At least
          </label>
          <select
            id="leaderboard-min-matches"
            className="field-input"
            value={filters.minMatches ?? String(FPS_LEADERBOARD_MIN_MATCHES)}
            onChange={(e) => onChange({ minMatches: e.target.value })}
          >
            {MIN_MATCHES_CHOICES.map((n) => (
              <option key={n} value={String(n)}>
                {n} matches
              </option>
            ))}
          </select>
        </div>
      )}
      {list !== 'teams' && (
        <div className="field">
          <label className="field-label" htmlFor="leaderboard-country">
            Country
          </label>
          <select
            id="leaderboard-country"
            className="field-input"
            value={filters.country ?? ''}
            onChange={(e) => onChange({ country: e.target.value })}
          >
            <option value="">Every country</option>
            {options.countries.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        </div>
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
        <RatingTable board={answer.board} />
      ) : answer.list === 'fps' ? (
        <FpsTable board={answer.board} />
      ) : (
        <TeamsTable board={answer.board} />
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
