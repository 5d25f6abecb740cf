import { lazy, Suspense } from 'react';
import { useMatchServer } from '../../api/match-server';

// Its own chunk: only a match being played (status 4) shows the server's details.
const LiveDetails = lazy(async () => ({ default: (await import('./server-details')).LiveDetails }));

const VETO = 2;
const IN_PROGRESS = 4;

/** Whether the box shows for a match in `statusId` (spec: states 2 and 4 only). */
export function showsServerBox(statusId: number): boolean {
  return statusId === VETO || statusId === IN_PROGRESS;
}

interface MatchServerBoxProps {
  matchId: number;
  statusId: number;
  /** The veto's summary ("Map 1 Crossfire · Map 2 District · Decider Overgrown") once it ended. */
  summary?: string | null;
  mapNames?: Record<string, string>;
}

/** The Match Server box, the connect block (statuses 2 and 4, for viewers who may see the server). */
export function MatchServerBox({ matchId, statusId, summary = null, mapNames = {} }: MatchServerBoxProps) {
  const shown = showsServerBox(statusId);
  const server = useMatchServer(matchId, shown);
  if (!shown || !server.data?.canSeeServer) return null;
  return (
    <section className="match-card server-box" aria-labelledby="server-heading">
      <h2 id="server-heading">Match Server</h2>
      {summary && <p className="veto-summary">{summary}</p>}
      {statusId === VETO ? (
        <p>Server is generated when VETO ends.</p>
      ) : (
        <Suspense fallback={<p className="muted">Loading ...</p>}>
          <LiveDetails server={server.data} mapNames={mapNames} />
        </Suspense>
      )}
    </section>
  );
}
