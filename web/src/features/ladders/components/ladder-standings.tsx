import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { errorStatus } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useJoinLadder } from '../api/join-ladder';
import { useLadder } from '../api/get-ladder';
import { ChallengeForm } from './challenge-form';
import { LadderSeasons } from './ladder-seasons';
import { NotFound } from '@/components/ui/not-found';

/**
 * A ladder's standings by rating. Captains see Challenge on the teams they may challenge; the form opens
 * under that row, and a sent challenge goes to its match room (`onChallenged`).
 */
export function LadderStandings({
  slug,
  onChallenged,
}: {
  slug: string;
  onChallenged: (matchId: number) => void;
}) {
  const query = useLadder(slug);
  const join = useJoinLadder(slug);
  const [challenging, setChallenging] = useState<number | null>(null);
  if (query.isPending) return <p className="muted">Loading ...</p>;
  if (query.isError) {
    if (errorStatus(query.error) === 404) return <NotFound>This ladder does not exist.</NotFound>;
    return <p>The ladder could not be loaded.</p>;
  }
  const ladder = query.data;

  const handleJoin = (teamId: number) =>
    join.mutate(teamId, { onSuccess: (message) => notify.success(message) });

  return (
    <article>
      <h1>{ladder.name}</h1>
      {ladder.description && <p>{ladder.description}</p>}
      <p className="muted">
        {ladder.teamSize}v{ladder.teamSize} · {ladder.isActive ? 'Open for challenges' : 'Closed'}
      </p>
      {ladder.viewer.joinableTeams.map((team) => (
        <button
          key={team.id}
          type="button"
          className="button button-ghost"
          onClick={() => handleJoin(team.id)}
          disabled={join.isPending}
        >
          Join with {team.name}
        </button>
      ))}
      <FormError error={join.error} />
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">Standings of {ladder.name}</caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Team</th>
              <th scope="col">Rating</th>
              <th scope="col">W / L / D</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {ladder.standings.map((s) => (
              <Fragment key={s.team.id}>
                <tr className={s.isOwnTeam ? 'row-own' : undefined}>
                  <td>{s.rank}</td>
                  <td>
                    <Link to={s.team.url}>
                      [{s.team.tag}] {s.team.name}
                    </Link>
                    {s.isOwnTeam && <span className="status-badge">Your team</span>}
                  </td>
                  <td>{Math.round(s.rating)}</td>
                  <td className="nowrap">
                    {s.wins} / {s.losses} / {s.draws}
                  </td>
                  <td>
                    {s.canChallenge && (
                      <button
                        type="button"
                        className="button button-primary button-small"
                        aria-expanded={challenging === s.team.id}
                        aria-label={`Challenge ${s.team.name}`}
                        onClick={() => setChallenging(challenging === s.team.id ? null : s.team.id)}
                      >
                        Challenge
                      </button>
                    )}
                  </td>
                </tr>
                {challenging === s.team.id && (
                  <tr>
                    <td colSpan={5}>
                      <ChallengeForm
                        ladderId={ladder.id}
                        opponent={s}
                        challengerTeams={ladder.viewer.challengerTeams}
                        teamSize={ladder.teamSize}
                        onCancel={() => setChallenging(null)}
                        onCreated={onChallenged}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {ladder.standings.length === 0 && <p className="muted">No team has joined this ladder yet.</p>}
      <LadderSeasons slug={ladder.slug} seasons={ladder.seasons} />
    </article>
  );
}
