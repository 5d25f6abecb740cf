import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Flag } from '@/components/ui/flag';
import { LocalTime } from '@/components/ui/local-time';
import { SafeHtml } from '@/components/ui/safe-html';
import { MatchHistoryTable } from '@/components/match-history-table';
import { errorStatus } from '@/lib/api-error';
import { useUserProfile } from '../api/get-user-profile';
import { PlayerStatsSections } from './player-stats';
import { RatingHistory } from './rating-history';
import { NotFound } from '@/components/ui/not-found';
import { useMe } from '@/lib/auth/get-me';
import { ReportButton } from '@/components/moderation/report-button';
import { BanNote } from '@/components/moderation/ban-note';
import { AppealButton } from '@/components/moderation/appeal-button';

/**
 * `/user/{username}`: avatar, flag, rating with its history, teams, statistics over time (figures, form, maps,
 * competitions, rating charts) and recent matches.
 */
export function UserProfileView({ username }: { username: string }) {
  const query = useUserProfile(username);
  const me = useMe().data;
  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) {
    if (errorStatus(query.error) === 404) return <NotFound>This player does not exist.</NotFound>;
    return <p>The profile could not be loaded.</p>;
  }
  const user = query.data;
  return (
    <article className="profile">
      <header className="profile-header">
        <Avatar src={user.image} size={96} />
        <div>
          <h1 className="profile-name">
            <SafeHtml html={user.formattedUsername} /> <Flag code={user.flag} />
          </h1>
          {user.formattedClassName && <SafeHtml className="muted" html={user.formattedClassName} />}
          <p className="muted">
            Member since <LocalTime iso={user.memberSince} />
          </p>
          {user.ban && <BanNote endsAt={user.ban.endsAt} />}
          {user.ban && me?.id === user.id && <AppealButton />}
          {me && me.id !== user.id && <ReportButton target={{ userId: user.id, username: user.username }} />}
        </div>
      </header>
      <div className="profile-grid">
        <section className="card" aria-labelledby="profile-rating">
          <h2 id="profile-rating" className="section-title">
            Rating
          </h2>
          <RatingHistory
            rating={user.rating}
            history={user.ratingHistory}
            provisional={user.ratingProvisional}
          />
        </section>
        <section className="card" aria-labelledby="profile-teams">
          <h2 id="profile-teams" className="section-title">
            Teams
          </h2>
          {user.teams.length === 0 ? (
            <p className="muted">Not in a team yet.</p>
          ) : (
            <ul className="plain-list">
              {user.teams.map((team) => (
                <li key={team.id}>
                  <Link to={team.url}>
                    [{team.tag}] {team.name}
                  </Link>{' '}
                  <span className="muted">team rating {Math.round(team.rating)}</span>
                  {team.isCaptain && <span className="status-badge">Captain</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <PlayerStatsSections username={user.username} />
      <section className="card" aria-labelledby="profile-matches">
        <h2 id="profile-matches" className="section-title">
          Recent matches
        </h2>
        <MatchHistoryTable
          matches={user.recentMatches}
          caption={`Recent matches of ${user.username}`}
          perPlayer
        />
      </section>
    </article>
  );
}
