import { useEffect, useState } from 'react';
import { Flag } from '@/components/ui/flag';
import { useMatchServer, useServerStatus, type MatchServer, type ServerStatus } from '../../api/match-server';
import { copyText } from './copy-text';

const VETO = 2;
const IN_PROGRESS = 4;
export const COPIED_TEXT = 'Connection details successfully copied!';

/** Whether the box shows for a match in `statusId` (spec: states 2 and 4 only). */
export function showsServerBox(statusId: number): boolean {
  return statusId === VETO || statusId === IN_PROGRESS;
}

function ConnectionString({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const handleCopy = async () => {
    if (await copyText(value)) setCopied(true);
  };
  return (
    <>
      <button
        type="button"
        className="server-connect"
        title="Copy the connection details"
        aria-label={`Copy connection details: ${value}`}
        onClick={() => void handleCopy()}
      >
        <code>{value}</code>
      </button>
      <p className="server-copied" role="status">
        {copied ? COPIED_TEXT : ''}
      </p>
    </>
  );
}

/** What the box says about a server in status 4, from its info and live status. */
export function ServerDetails({ server, status }: { server: MatchServer; status: ServerStatus | undefined }) {
  if (!server.serverAvailable || !server.gameServerUuid) return <p>No server is available.</p>;
  if (!status) return <p className="muted">Loading ...</p>;
  if (status.status === 'OFFLINE') return <p className="server-offline">Server is OFFLINE</p>;
  if (status.status === 'STARTING') return <p className="server-starting">Server is starting ...</p>;
  return (
    <>
      <p className="server-location">
        <Flag code={server.locationIcon} />
      </p>
      {server.connectionString && <ConnectionString value={server.connectionString} />}
      <p>
        Players: {status.players} / {status.maxPlayers}
      </p>
      {status.map && <p>Map: {status.map}</p>}
    </>
  );
}

function LiveDetails({ server }: { server: MatchServer }) {
  const status = useServerStatus(server.serverAvailable ? server.gameServerUuid : null);
  return <ServerDetails server={server} status={status.data} />;
}

/** The Match Server box (statuses 2 and 4, for viewers who may see the server). */
export function MatchServerBox({ matchId, statusId }: { matchId: number; statusId: number }) {
  const shown = showsServerBox(statusId);
  const server = useMatchServer(matchId, shown);
  if (!shown || !server.data?.canSeeServer) return null;
  return (
    <section className="match-card server-box" aria-labelledby="server-heading">
      <h2 id="server-heading">Match Server</h2>
      {statusId === VETO ? <p>Server is generated when VETO ends.</p> : <LiveDetails server={server.data} />}
    </section>
  );
}
