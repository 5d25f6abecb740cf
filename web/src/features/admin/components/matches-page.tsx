import { useAdminOverview } from '../api/get-overview';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { AdminQueryState } from './admin-query-state';
import { MatchRowActions } from './match-row-actions';
import { AwardResult } from './award-result';
import { MatchSummaryList } from './match-summary-list';
import { StuckMatchesSection } from './stuck-matches-section';

/**
 * `/admin/matches`: matches nothing moves on (stuck, with why), scores waiting for the other side's
 * approval, and every match not finished or cancelled (newest first) with its row actions.
 */
export function MatchesPage() {
  const query = useAdminOverview();
  useScrollToHash(query.isSuccess);
  if (!query.isSuccess) {
    return (
      <>
        <h1>Matches</h1>
        <AdminQueryState error={query.error} what="The matches" />
      </>
    );
  }
  const { scoresAwaitingApproval, cancellableMatches } = query.data;
  return (
    <>
      <h1>Matches</h1>
      <StuckMatchesSection />
      <section className="card" id="scores" aria-labelledby="admin-scores">
        <h2 id="admin-scores" className="section-title">
          Scores awaiting approval ({scoresAwaitingApproval.length})
        </h2>
        <MatchSummaryList
          matches={scoresAwaitingApproval}
          label="Scores awaiting approval"
          empty="No score is waiting for approval."
          actions={(m) => <AwardResult matchId={m.id} />}
        />
      </section>
      <section className="card" id="open" aria-labelledby="admin-open-matches">
        <h2 id="admin-open-matches" className="section-title">
          Open matches ({cancellableMatches.length})
        </h2>
        <p className="muted">Every match not finished or cancelled, newest first.</p>
        <MatchSummaryList
          matches={cancellableMatches}
          label="Open matches"
          empty="No match is open."
          actions={(m) => <MatchRowActions match={m} />}
        />
      </section>
    </>
  );
}
