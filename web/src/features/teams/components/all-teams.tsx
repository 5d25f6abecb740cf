import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '@/components/ui/pager';
import { useTeamList } from '../api/get-team-list';

/** Every team, the viewer's own first (marked), with a search by name or tag and pages of 20. */
export function AllTeams() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const list = useTeamList(page, query);
  return (
    <>
      <div className="field team-search">
        <label className="field-label" htmlFor="team-search">
          Search teams
        </label>
        <input
          id="team-search"
          className="field-input"
          type="search"
          maxLength={50}
          placeholder="Name or tag"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {list.isPending ? (
        <p className="muted">Loading ...</p>
      ) : list.isError ? (
        <p role="alert">The teams could not be loaded.</p>
      ) : list.data.data.length === 0 ? (
        <p className="muted">{query ? `No team matches “${query}”.` : 'There are no teams yet.'}</p>
      ) : (
        <ul className="plain-list team-list all-teams" aria-label="All teams">
          {list.data.data.map((team) => (
            <li key={team.id}>
              <Link to={team.url}>
                [{team.tag}] {team.name}
              </Link>
              <span className="muted">
                rating {team.rating} · {team.members} {team.members === 1 ? 'member' : 'members'}
              </span>
              {team.isCaptain ? (
                <span className="status-badge">Captain</span>
              ) : (
                team.isMember && <span className="status-badge">Your team</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} lastPage={list.data?.meta.last_page ?? 1} onPage={setPage} label="Teams pages" />
    </>
  );
}
