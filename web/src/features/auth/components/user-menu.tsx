import { Link, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useMe } from '@/lib/auth/get-me';
import { useLogout } from '@/lib/auth/logout';

/** The header's account corner: the username and Sign out, or Sign in / Register links. */
export function UserMenu() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();

  // Render nothing until the first answer so a signed-in user never sees the signed-out links flash.
  if (me.isPending) return <div className="user-menu" />;

  const user = me.data;
  if (!user) {
    return (
      <div className="user-menu">
        <Link className="button button-ghost" to="/login">
          Sign in
        </Link>
        <Link className="button button-primary" to="/register">
          Register
        </Link>
      </div>
    );
  }

  const handleSignOut = () => {
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/login'),
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <div className="user-menu">
      <span className="header-username" data-testid="header-username">
        {user.username}
      </span>
      <button
        type="button"
        className="button button-ghost"
        onClick={handleSignOut}
        disabled={logout.isPending}
      >
        Sign out
      </button>
    </div>
  );
}
