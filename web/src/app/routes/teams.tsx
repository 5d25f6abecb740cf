import { Link } from 'react-router';
import { useMe } from '@/lib/auth/get-me';
import { AllTeams } from '@/features/teams/components/all-teams';
import { MyInvitations } from '@/features/teams/components/my-invitations';
import { useUserProfile } from '@/features/users/api/get-user-profile';

/** The signed-in player's teams (from their profile), each a link with tag, rating and captain mark. */
function MyTeams({ username }: { username: string }) {
  const profile = useUserProfile(username);
  if (profile.isPending) return <p className="muted">Loading ...</p>;
  const teams = profile.data?.teams ?? [];
  if (teams.length === 0) return <p className="muted">You are not in a team yet.</p>;
  return (
    <ul className="plain-list team-list">
      {teams.map((team) => (
        <li key={team.id}>
          <Link to={team.url}>
            [{team.tag}] {team.name}
          </Link>{' '}
          <span className="muted">rating {Math.round(team.rating)}</span>
          {team.isCaptain && <span className="status-badge">Captain</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * `/teams`: every team (searchable, the viewer's own first); for a signed-in player also their teams, their
 * pending invitations and the way to create a team.
 */
export function TeamsRoute() {
  const { data: user, isPending } = useMe();
  if (isPending) return null;
  return (
    <section>
      <h1>Teams</h1>
      {user && (
        <>
          <p>
            <Link className="button button-primary" to="/teams/new">
              Create a team
            </Link>
          </p>
          <section className="card" aria-labelledby="my-teams">
            <h2 id="my-teams" className="section-title">
              Your teams
            </h2>
            <MyTeams username={user.username} />
          </section>
          <section className="card" aria-labelledby="my-invitations">
            <h2 id="my-invitations" className="section-title">
              Team invitations
            </h2>
            <MyInvitations />
          </section>
        </>
      )}
      <section className="card" aria-labelledby="all-teams">
        <h2 id="all-teams" className="section-title">
          All teams
        </h2>
        <AllTeams />
      </section>
    </section>
  );
}
