import { Link } from 'react-router';
import { useAdminOverview } from '../api/get-overview';
import { useStuckMatches } from '../api/stuck-matches';
import { ADMIN_PAGES, adminPageUrl } from '../admin-pages';
import { AdminQueryState } from './admin-query-state';

/** `/admin`: how many disputes, stuck matches, scores and open matches wait, each a link to its page; then every page. */
export function OverviewPage() {
  const query = useAdminOverview();
  const stuck = useStuckMatches();
  return (
    <>
      <h1>Overview</h1>
      {query.isSuccess ? (
        <ul className="admin-tiles" aria-label="Needs attention">
          <li>
            <Link className="admin-tile" to="/admin/disputes">
              <span className="admin-tile-count">{query.data.openDisputes.length}</span> Open disputes
            </Link>
          </li>
          <li>
            <Link className="admin-tile" to="/admin/matches#scores">
              <span className="admin-tile-count">{query.data.scoresAwaitingApproval.length}</span> Scores
              awaiting approval
            </Link>
          </li>
          {stuck.isSuccess ? (
            <li>
              <Link className="admin-tile" to="/admin/matches#stuck">
                <span className="admin-tile-count">{stuck.data.length}</span> Stuck matches
              </Link>
            </li>
          ) : null}
          <li>
            <Link className="admin-tile" to="/admin/matches#open">
              <span className="admin-tile-count">{query.data.cancellableMatches.length}</span> Open matches
            </Link>
          </li>
        </ul>
      ) : (
        <AdminQueryState error={query.error} what="The overview" />
      )}
      <section className="card" aria-labelledby="admin-pages-title">
        <h2 id="admin-pages-title" className="section-title">
          Admin pages
        </h2>
        <dl className="admin-page-list">
          {ADMIN_PAGES.filter((p) => p.path !== '').map((p) => (
            <div key={p.path}>
              <dt>
                <Link to={adminPageUrl(p)}>{p.label}</Link>
              </dt>
              <dd className="muted">{p.description}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
