import { useParams } from 'react-router';
import { useMe } from '@/lib/auth/get-me';
import { MyInvitations } from '@/features/teams/components/my-invitations';
import { UserProfileView } from '@/features/users/components/user-profile';
import { NotFoundRoute } from './not-found';

/** `/user/:username`: a player's profile; on your own, your pending team invitations too. */
export function UserRoute() {
  const { username } = useParams();
  const { data: me } = useMe();
  if (!username) return <NotFoundRoute />;
  return (
    <>
      <UserProfileView key={username} username={username} />
      {me?.username === username && (
        <section className="card" aria-labelledby="my-invitations">
          <h2 id="my-invitations" className="section-title">
            Team invitations
          </h2>
          <MyInvitations />
        </section>
      )}
    </>
  );
}
