import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MatchDetail, ScoreTeam } from '@versus/common/api/matches';

function MaybeLink({ url, children }: { url: string | null; children: ReactNode }) {
  return url ? <Link to={url}>{children}</Link> : <>{children}</>;
}

/** Maps the server's score class to ours; the words "won"/"lost"/"tie" carry the result too. */
const RESULT: Record<string, { className: string; word: string }> = {
  'text-success': { className: 'score-win', word: 'won' },
  'text-danger': { className: 'score-loss', word: 'lost' },
  'text-warning': { className: 'score-tie', word: 'tie' },
};

function ScoreSide({ team, score }: { team: ScoreTeam; score: MatchDetail['score'] }) {
  const result = RESULT[team.scoreClass];
  return (
    <div className="score-side">
      <h2 className="score-team">
        <MaybeLink url={team.url}>{team.name}</MaybeLink>
      </h2>
      {score.canShowScore && team.score !== null && (
        <p className={`score-value ${result?.className ?? ''}`}>
          {team.score}
          {result && <span className="visually-hidden"> ({result.word})</span>}
        </p>
      )}
      {score.canShowElo && (
        <p className="score-elo">
          <span className="score-elo-win" title="Rating won on a win">
            +{team.winElo}
          </span>{' '}
          /{' '}
          <span className="score-elo-loss" title="Rating lost on a loss">
            -{team.lossElo}
          </span>
        </p>
      )}
    </div>
  );
}

/** Both teams with links, scores (canShowScore) and rating stakes (canShowElo), and the centre label. */
export function ScoreHeader({ score }: { score: MatchDetail['score'] }) {
  return (
    <section className="match-card score-header" aria-label="Score">
      <ScoreSide team={score.challengerTeam} score={score} />
      <p className="score-label">
        <MaybeLink url={score.label.url}>{score.label.title}</MaybeLink>
        {score.draw && <span className="score-draw">Draw</span>}
      </p>
      <ScoreSide team={score.opponentTeam} score={score} />
    </section>
  );
}
