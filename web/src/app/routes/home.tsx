import { Link } from 'react-router';
import { SafeHtml } from '@/components/ui/safe-html';
import { useMe } from '@/features/auth/api/get-me';

/** The landing page: a greeting for a signed-in player, a short pitch and the way in for everyone else. */
export function HomeRoute() {
  const { data: user, isPending } = useMe();
  if (isPending) return null;

  if (user) {
    return (
      <section className="hero">
        <h1 className="hero-title">
          Welcome back, <SafeHtml html={user.formattedUsername} />
        </h1>
        <p className="hero-text">Your rating: {user.elo}. Good luck in your next match.</p>
      </section>
    );
  }

  return (
    <section className="hero">
      <h1 className="hero-title">Welcome to Versus</h1>
      <p className="hero-text">
        Competitive team matches for Call of Duty 4: challenge a team, veto the maps, pick your players and
        settle it on a fresh server.
      </p>
      {/* Worded unlike the header's "Sign in" / "Register" so each link name is unique on the page. */}
      <div className="hero-actions">
        <Link className="button button-primary" to="/register">
          Create an account
        </Link>
        <Link className="button button-ghost" to="/login">
          I already have an account
        </Link>
      </div>
    </section>
  );
}
