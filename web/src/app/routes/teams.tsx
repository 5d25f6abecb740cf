import { Link, Navigate } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { MyInvitations } from '@/features/teams/components/my-invitations';

/** `/teams`: your pending invitations and the way to create a team; your teams are on your profile. */
export function TeamsRoute() {
  const { data: user, isPending } = useMe();
  if (isPending) return null;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <section>
      <h1>Teams</h1>
      <p>
        <Link className="button button-primary" to="/teams/new">
          Create a team
        </Link>{' '}
        <Link to={`/user/${encodeURIComponent(user.username)}`}>Your teams are listed on your profile.</Link>
      </p>
      <section className="card" aria-labelledby="my-invitations">
        <h2 id="my-invitations" className="section-title">
          Team invitations
        </h2>
        <MyInvitations />
      </section>
    </section>
  );
}
