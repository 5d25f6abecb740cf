import { Link } from 'react-router';
import { LocalTime } from '@/components/ui/local-time';
import { FormError } from '@/components/ui/form-error';
import { errorStatus } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useChangeEntry, type EntryAction } from '../api/change-entry';
import { useTournament } from '@/lib/tournaments/get-tournament';
import { useTournamentLive } from '../hooks/use-tournament-live';
import { Bracket } from './bracket';
import { NotFound } from '@/components/ui/not-found';

const FORMAT_NAMES = {
  single_elimination: 'Single elimination',
  double_elimination: 'Double elimination',
  round_robin: 'Round robin',
  swiss: 'Swiss',
  two_stage: 'Two stages (groups, then playoffs)',
} as const;

/** `/tournaments/{slug}`: details, signed-up teams, sign-up/withdraw for captains, and the bracket. */
export function TournamentView({ slug }: { slug: string }) {
  const query = useTournament(slug);
  const entry = useChangeEntry(slug);
  const live = useTournamentLive(query.data?.id ?? null, slug);
  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) {
    if (errorStatus(query.error) === 404) return <NotFound>This tournament does not exist.</NotFound>;
    return <p>The tournament could not be loaded.</p>;
  }
  const t = query.data;
  // A refused sign-up, check-in or withdrawal shows under the buttons (a success as a toast).
  const handleEntry = (action: EntryAction, teamId: number) =>
    entry.mutate({ action, teamId }, { onSuccess: (message) => notify.success(message) });

  return (
    <article className="tournament-page" data-live={live}>
      <h1>{t.name}</h1>
      {t.description && <p>{t.description}</p>}
      <p className="muted">
        {FORMAT_NAMES[t.format]} · {t.teamSize}v{t.teamSize} · best of {t.bestOf}
        {t.finalBestOf ? ` (final: best of ${t.finalBestOf})` : ''} · starts{' '}
        <LocalTime iso={t.startDate} style="dateTime" /> · sign-up until{' '}
        <LocalTime iso={t.signupDeadline} style="dateTime" /> · status: {t.status}
        {t.checkInMinutes > 0 &&
          ` · check-in ${t.checkInMinutes} minutes before the start${t.checkInOpen ? ' (open now)' : ''}`}
      </p>
      {t.winner && (
        <p>
          Winner: <Link to={t.winner.url}>{t.winner.name}</Link>
        </p>
      )}
      <div className="button-row">
        {t.viewer.signupTeams.map((team) => (
          <button
            key={`s${team.id}`}
            type="button"
            className="button button-primary"
            onClick={() => handleEntry('signup', team.id)}
            disabled={entry.isPending}
          >
            Sign up {team.name}
          </button>
        ))}
        {t.viewer.checkInTeams.map((team) => (
          <button
            key={`c${team.id}`}
            type="button"
            className="button button-primary"
            onClick={() => handleEntry('check-in', team.id)}
            disabled={entry.isPending}
          >
            Check in {team.name}
          </button>
        ))}
        {t.viewer.withdrawTeams.map((team) => (
          <button
            key={`w${team.id}`}
            type="button"
            className="button button-ghost"
            onClick={() => handleEntry('withdraw', team.id)}
            disabled={entry.isPending}
          >
            Withdraw {team.name}
          </button>
        ))}
      </div>
      <FormError error={entry.error} />
      <section className="card" aria-labelledby="tournament-teams">
        <h2 id="tournament-teams" className="section-title">
          Teams ({t.teams.length}
          {t.maxTeams ? ` / ${t.maxTeams}` : ''})
        </h2>
        {t.teams.length === 0 ? (
          <p className="muted">No team has signed up yet.</p>
        ) : (
          <ol className="plain-list">
            {t.teams.map((e) => (
              <li key={e.team.id}>
                <Link to={e.team.url}>
                  [{e.team.tag}] {e.team.name}
                </Link>
                {e.seed !== null && <span className="muted"> seed {e.seed}</span>}
                {t.checkInMinutes > 0 && t.status === 'upcoming' && (
                  <span className="muted"> · {e.checkedIn ? 'checked in' : 'not checked in'}</span>
                )}
                {e.eliminatedInRound !== null && (
                  <span className="muted"> · out in round {e.eliminatedInRound}</span>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="tournament-bracket">
        <h2 id="tournament-bracket" className="section-title">
          Bracket
        </h2>
        <Bracket bracket={t.bracket} />
      </section>
    </article>
  );
}
