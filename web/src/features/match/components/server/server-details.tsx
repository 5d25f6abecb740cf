import { useEffect, useState } from 'react';
import {
  useServerStatus,
  type MatchServer,
  type ServerAbsence,
  type ServerKick,
  type ServerStatus,
} from '../../api/match-server';
import { useNowSeconds } from '../../hooks/use-now';
import { copyText } from './copy-text';

export const COPIED_TEXT = 'Connection details successfully copied!';

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
  // The string itself copies on click (the spec's way); the Copy button says so for those who look for one.
  return (
    <div className="server-connect-row">
      <button
        type="button"
        className="server-connect-string"
        title="Click to copy the connection details"
        onClick={() => void handleCopy()}
      >
        <code>{value}</code>
      </button>
      <button
        type="button"
        className="button button-primary server-connect"
        title="Copy the connection details"
        aria-label={`Copy connection details: ${value}`}
        onClick={() => void handleCopy()}
      >
        Copy
      </button>
      <p className="server-copied" role="status">
        {copied ? COPIED_TEXT : ''}
      </p>
    </div>
  );
}

/** The idle map a fresh CoD4x server sits on until the match's first map loads. */
const IDLE_MAP = 'mp_vacant';

/** The server's map by its display name ("Crossfire"), from the match's own maps (`mapNames`). */
function mapLabel(map: string, mapNames: Record<string, string>): string {
  if (map === IDLE_MAP) return 'Loading the first map ...';
  return mapNames[map] ?? map;
}

/** Seconds a fresh server usually takes to answer (the provider's start-up period). */
const EXPECTED_START_SECONDS = 15;

/** "Server is starting ..." with a bar that fills over the usual start-up time, so the wait reads as progress. */
function Starting() {
  const [since] = useState(() => Date.now());
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - since) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return (
    <div className="server-starting">
      <p>Server is starting ...</p>
      <progress
        className="server-progress"
        max={EXPECTED_START_SECONDS}
        value={Math.min(elapsed, EXPECTED_START_SECONDS - 1)}
        aria-label="Server start-up"
      />
      <p className="muted">
        {elapsed < EXPECTED_START_SECONDS
          ? `Usually ready within ${EXPECTED_START_SECONDS} seconds.`
          : 'Taking longer than usual; the page updates by itself.'}
      </p>
    </div>
  );
}

interface ServerDetailsProps {
  server: MatchServer;
  status: ServerStatus | undefined;
  /** Map command name -> display name, from the veto. */
  mapNames?: Record<string, string>;
}

/** What the box says about a server in status 4, from its info and live status. */
export function ServerDetails({ server, status, mapNames = {} }: ServerDetailsProps) {
  if (!server.serverAvailable || !server.gameServerUuid) return <p>No server is available</p>;
  if (!status) return <p className="muted">Loading ...</p>;
  if (status.status === 'OFFLINE') return <p className="server-offline">Server is OFFLINE</p>;
  if (status.status === 'STARTING') return <Starting />;
  return (
    <>
      {server.connectionString && <ConnectionString value={server.connectionString} />}
      <dl className="server-facts">
        <div>
          <dt>Players</dt>
          <dd>
            <span className="visually-hidden">Players: </span>
            {status.players} / {status.maxPlayers}
          </dd>
        </div>
        {status.map && (
          <div>
            <dt>Map</dt>
            <dd className="server-map">{mapLabel(status.map, mapNames)}</dd>
          </div>
        )}
      </dl>
      <ServerAbsences absences={server.absences} />
      <ServerKicks kicks={server.kicks} />
    </>
  );
}

/** "1:20" (m:ss), "1:02:05" past an hour: how long ago `since` (ISO 8601) was, never negative. */
export function awayFor(since: string, nowSeconds: number): string {
  const total = Math.max(0, Math.floor(nowSeconds - Date.parse(since) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Lineup players missing from the live server, each with a counter from when he left. */
function ServerAbsences({ absences }: { absences: ServerAbsence[] }) {
  const now = useNowSeconds(absences.length > 0);
  if (absences.length === 0) return null;
  return (
    <ul className="server-absences plain-list" role="status">
      {absences.map((a) => (
        <li key={a.userId}>
          {a.username} left the server {awayFor(a.leftAt, now)} ago
        </li>
      ))}
    </ul>
  );
}

/** Who the roster lock kicked: anyone whose CoD4x player id is not on the match's roster. */
function ServerKicks({ kicks }: { kicks: ServerKick[] }) {
  if (kicks.length === 0) return null;
  return (
    <div className="server-kicks" role="status">
      <p className="server-kicks-title">Kicked from the server</p>
      <ul className="plain-list">
        {kicks.map((k) => (
          <li key={`${k.playerId}-${k.at}`}>
            {k.name} <code>{k.playerId}</code>: {k.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The connect block's live part: the server's info with its status, polled. */
export function LiveDetails({ server, mapNames }: { server: MatchServer; mapNames: Record<string, string> }) {
  const status = useServerStatus(server.serverAvailable ? server.gameServerUuid : null);
  return <ServerDetails server={server} status={status.data} mapNames={mapNames} />;
}
