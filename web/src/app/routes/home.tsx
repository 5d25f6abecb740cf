import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SafeHtml } from '@/components/ui/safe-html';
import { ActiveMatchesPanel } from '@/features/active-matches/components/active-matches-panel';
import { useMe } from '@/lib/auth/get-me';
import { forgetJustRegistered, isJustRegistered } from '@/features/auth/utils/just-registered';

/**
 * The landing page. A signed-in player is greeted ("Welcome" right after registering, "Welcome back"
 * later), sees their active matches and a Play call to action (the solo queue); everyone else gets a
 * short pitch and the way in.
 */
export function HomeRoute() {
  const { data: user, isPending } = useMe();
  // Read once per visit of the page, forgotten after it showed: the next visit says "Welcome back".
  const [justRegistered] = useState(isJustRegistered);
  useEffect(forgetJustRegistered, []);
  if (isPending) return null;

  if (user) {
    return (
      <>
        <section className="hero">
          <h1 className="hero-title">
            {justRegistered ? 'Welcome' : 'Welcome back'}, <SafeHtml html={user.formattedUsername} />
          </h1>
          <p className="hero-text">Your rating: {user.elo}. Good luck in your next match.</p>
          <div className="hero-actions">
            <Link className="button button-primary" to="/queue">
              Play
            </Link>
            <Link className="button button-ghost" to="/ladders">
              Find a ladder
            </Link>
          </div>
        </section>
        <section className="card home-matches" aria-labelledby="home-matches-title">
          <h2 id="home-matches-title" className="section-title">
            Your active matches
          </h2>
          <ActiveMatchesPanel />
        </section>
      </>
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
