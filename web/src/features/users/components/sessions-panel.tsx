import { useNavigate } from 'react-router';
import { useLogoutEverywhere } from '@/lib/auth/logout';
import { FormError } from '@/components/ui/form-error';

/** Sign out everywhere: ends every session of the account (this browser's too) and their live connections. */
export function SessionsPanel() {
  const logout = useLogoutEverywhere();
  const navigate = useNavigate();

  const handleClick = () => {
    logout.mutate(undefined, { onSuccess: () => void navigate('/login') });
  };

  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="section-title">
        Sessions
      </h2>
      <p className="muted">
        Signed in on a shared or lost device? Sign out of every browser and device at once, this one included.
        Changing your password also signs out every other session.
      </p>
      <FormError error={logout.error} />
      <button
        type="button"
        className="button button-danger"
        onClick={handleClick}
        disabled={logout.isPending}
      >
        Sign out everywhere
      </button>
    </section>
  );
}
