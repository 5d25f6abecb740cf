import { STATUS } from '@versus/common/match/statuses';
import { lazy, Suspense } from 'react';
import { Flag } from '@/components/ui/flag';
import { useMatchServer } from '../../api/match-server';
import { RestoreNotice, RestoreMapButton } from './restore-notice';
import { countryName, LOCATION_DECIDED_TEXT, type LocationDecidedBy } from '../../utils/location-status';

// Its own chunk: only a match being played (status 4) shows the server's details.
const LiveDetails = lazy(async () => ({ default: (await import('./server-details')).LiveDetails }));

/** Whether the box shows for a match in `statusId` (spec: states 2 and 4 only). */
export function showsServerBox(statusId: number): boolean {
  return statusId === STATUS.mapVeto || statusId === STATUS.inProgress;
}

interface MatchServerBoxProps {
  matchId: number;
  statusId: number;
  /** The veto's summary ("Map 1 Crossfire · Map 2 District · Decider Overgrown") once it ended. */
  summary?: string | null;
  mapNames?: Record<string, string>;
  /** Which rule chose the location (match detail's `locationDecidedBy`). */
  decidedBy?: LocationDecidedBy | null;
  /** Admins may restart the map being played at the log's score. */
  isAdmin?: boolean;
}

/** The Match Server box, the connect block (statuses 2 and 4, for viewers who may see the server). */
export function MatchServerBox({
  matchId,
  statusId,
  summary = null,
  mapNames = {},
  decidedBy = null,
  isAdmin = false,
}: MatchServerBoxProps) {
  const shown = showsServerBox(statusId);
  const server = useMatchServer(matchId, shown);
  if (!shown || !server.data?.canSeeServer) return null;
  return (
    <section className="match-card server-box" aria-labelledby="server-heading">
      <h2 id="server-heading">Match Server</h2>
      {summary && <p className="veto-summary">{summary}</p>}
      {server.data.locationIcon && (
        <p className="server-location">
          <Flag code={server.data.locationIcon} />{' '}
          {server.data.locationCity
            ? `${server.data.locationCity}, ${server.data.locationCountry ?? countryName(server.data.locationIcon)}`
            : countryName(server.data.locationIcon)}
          {decidedBy && (
            <span className="muted server-location-rule"> · {LOCATION_DECIDED_TEXT[decidedBy]}</span>
          )}
        </p>
      )}
      {statusId === STATUS.mapVeto ? (
        <p>Server is generated when VETO ends</p>
      ) : (
        <Suspense fallback={<p className="muted">Loading ...</p>}>
          <LiveDetails server={server.data} mapNames={mapNames} />
        </Suspense>
      )}
      {server.data.restore && <RestoreNotice restore={server.data.restore} />}
      {isAdmin && statusId === STATUS.inProgress && server.data.serverAvailable && (
        <RestoreMapButton matchId={matchId} />
      )}
    </section>
  );
}
