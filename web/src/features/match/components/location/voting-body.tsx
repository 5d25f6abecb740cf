import { Flag } from '@/components/ui/flag';
import { FormError } from '@/components/ui/form-error';
import { useEffect, useRef } from 'react';
import { sendPings, type LocationList, type MatchLocation } from '../../api/locations';
import { usePings } from '../../hooks/use-pings';
import { locationCountdownText, pingColour, pingText } from '../../utils/location-status';

function Ping({ ping }: { ping: number | null | undefined }) {
  const colour = typeof ping === 'number' ? pingColour(ping) : null;
  return (
    <span
      className={`location-ping ${colour ? `ping-${colour}` : 'muted'}`}
      data-colour={colour ?? undefined}
    >
      {pingText(ping)}
    </span>
  );
}

/** The longest a reported ping may be (the server's `MAX_PING_MS`). */
const MAX_PING_MS = 10_000;
/** At most one report per measuring round (the pings are measured every 5 s). */
const REPORT_EVERY_MS = 5000;

/**
 * Reports the measured pings to the server once every location has an answer, then again at most every
 * 5 s while they change; only a player who may vote reports (the server refuses everyone else).
 */
function useReportPings(matchId: number, list: LocationList, pings: Record<string, number | null>) {
  const last = useRef({ at: 0, body: '' });
  const measured = list.data.flatMap((l) => {
    const ms = pings[l.hostname];
    return typeof ms === 'number' ? [{ locationId: l.id, ms: Math.min(MAX_PING_MS, Math.round(ms)) }] : [];
  });
  const complete = list.data.every((l) => pings[l.hostname] !== undefined);
  const body = JSON.stringify(measured);
  const canVote = list.meta.canVote;
  useEffect(() => {
    if (!canVote || !complete || body === last.current.body) return;
    const now = Date.now();
    if (now - last.current.at < REPORT_EVERY_MS) return;
    last.current = { at: now, body };
    sendPings(matchId, JSON.parse(body) as { locationId: number; ms: number }[]).catch(() => undefined);
  }, [matchId, canVote, complete, body]);
}

interface VotingBodyProps {
  matchId: number;
  list: LocationList;
  onVote: (location: MatchLocation) => void;
  busy: boolean;
  /** The last vote's failure, shown above the locations. */
  error: unknown;
}

export function VotingBody({ matchId, list, onVote, busy, error }: VotingBodyProps) {
  const pings = usePings(list.data.map((l) => l.hostname));
  useReportPings(matchId, list, pings);
  return (
    <>
      <p className="location-countdown" role="status">
        {locationCountdownText(list.meta.remainingSeconds)}
      </p>
      <h3>Selectable locations</h3>
      <p className="muted">Click on the location you wish to vote for.</p>
      <FormError error={error} />
      <ul className="location-grid">
        {list.data.map((l) => {
          const voted = list.meta.votedLocationId === l.id;
          return (
            <li key={l.id}>
              <button
                type="button"
                className={`location-card ${voted ? 'location-voted' : ''}`}
                aria-pressed={voted}
                aria-disabled={!list.meta.canVote || busy}
                onClick={() => onVote(l)}
              >
                <span className="location-name">{l.name}</span>
                <span className="location-place">
                  <Flag code={l.flag} /> {l.city}, {l.country}
                </span>
                <span className="location-votes">Votes: {l.votes}</span>
                <Ping ping={pings[l.hostname]} />
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
