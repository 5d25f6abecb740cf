import { useState } from 'react';
import { provisionalText } from '@versus/common/match/rating-texts';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MatchHistoryTable } from '@/components/match-history-table';
import { errorMessage, errorStatus } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useTeam } from '../api/get-team';
import { useLeaveTeam } from '../api/leave-team';
import { InvitationBanner } from './invitation-banner';
import { InviteForm } from './invite-form';
import { MapPreferences } from './map-preferences';
import { PendingInvitations } from './pending-invitations';
import { Roster } from './roster';
import { MapWinRates } from './map-win-rates';
import { TeamFigures } from './team-figures';
import { TeamRatingChart } from './team-rating-chart';
import { TeamWebhook } from './team-webhook';
import { NotFound } from '@/components/ui/not-found';

/** `/team/{slug}`: name, tag, rating, roster with captain, ladders, recent matches and roster actions. */
export function TeamPageView({ slug }: { slug: string }) {
  const query = useTeam(slug);
  const leave = useLeaveTeam(slug);
  const navigate = useNavigate();
  const [askingLeave, setAskingLeave] = useState(false);
  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) {
    if (errorStatus(query.error) === 404) return <NotFound>This team does not exist.</NotFound>;
    return <p>The team could not be loaded.</p>;
  }
  const team = query.data;

  const handleLeave = () => {
    setAskingLeave(false);
    leave.mutate(undefined, {
      onSuccess: (message) => {
        notify.success(message);
        void navigate('/teams');
      },
      onError: (err) => notify.error(errorMessage(err)),
    });
  };

  return (
    <article className="team">
      <InvitationBanner key={team.slug} team={team} />
      <header className="profile-header">
        <Avatar src={team.image} size={96} />
        <div>
          <h1 className="profile-name">
            {team.name} <span className="muted">[{team.tag}]</span>
          </h1>
          <p>
            Rating <strong>{Math.round(team.rating)}</strong>
            {team.ratingProvisional && (
              <span className="rating-provisional-text"> ({provisionalText('team')})</span>
            )}
            {team.captain && (
              <>
                {' '}
                · Captain{' '}
                <Link to={`/user/${encodeURIComponent(team.captain.username)}`}>{team.captain.username}</Link>
              </>
            )}
          </p>
          {team.viewer.canLeave && (
            <button
              type="button"
              className="button button-ghost"
              onClick={() => setAskingLeave(true)}
              disabled={leave.isPending}
            >
              Leave team
            </button>
          )}
          {askingLeave && (
            <ConfirmDialog
              title={`Leave ${team.name}?`}
              message="You are taken off the roster at once; the captain has to invite you again to come back."
              confirmLabel="Yes, leave the team"
              onConfirm={handleLeave}
              onCancel={() => setAskingLeave(false)}
            />
          )}
        </div>
      </header>
      <div className="profile-grid">
        <section className="card" aria-labelledby="team-roster">
          <h2 id="team-roster" className="section-title">
            Roster
          </h2>
          <Roster slug={team.slug} roster={team.roster} />
          {team.viewer.canInvite && <InviteForm slug={team.slug} />}
          <PendingInvitations slug={team.slug} invitations={team.pendingInvitations} />
        </section>
        <section className="card" aria-labelledby="team-ladders">
          <h2 id="team-ladders" className="section-title">
            Ladders
          </h2>
          {team.ladders.length === 0 ? (
            <p className="muted">Not on a ladder yet.</p>
          ) : (
            <ul className="plain-list">
              {team.ladders.map((l) => (
                <li key={l.id}>
                  <Link to={`/ladders/${l.slug}`}>{l.name}</Link>{' '}
                  <span className="muted">
                    rating {Math.round(l.rating)} · {l.wins} W / {l.losses} L / {l.draws} D
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <TeamFigures slug={team.slug} />
      <TeamRatingChart slug={team.slug} />
      <div className="profile-grid">
        <MapWinRates slug={team.slug} />
        <MapPreferences slug={team.slug} />
      </div>
      {team.viewer.isCaptain && <TeamWebhook slug={team.slug} />}
      {team.seasonHistory.length > 0 && (
        <section className="card" aria-labelledby="team-seasons">
          <h2 id="team-seasons" className="section-title">
            Season history
          </h2>
          <ul className="plain-list">
            {team.seasonHistory.map((h) => (
              <li key={`${h.ladder.slug}-${h.season.number}`}>
                <Link to={h.ladder.url}>{h.ladder.name}</Link> · {h.season.name}: <strong>#{h.rank}</strong>{' '}
                <span className="muted">
                  rating {h.rating} · {h.wins} W / {h.losses} L / {h.draws} D
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="card" aria-labelledby="team-matches">
        <h2 id="team-matches" className="section-title">
          Recent matches
        </h2>
        <MatchHistoryTable matches={team.recentMatches} caption={`Recent matches of ${team.name}`} />
      </section>
    </article>
  );
}
