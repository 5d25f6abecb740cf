import { Flag } from '@/components/ui/flag';
import type { LocationList, MatchLocation } from '../../api/locations';
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

interface VotingBodyProps {
  list: LocationList;
  onVote: (location: MatchLocation) => void;
  busy: boolean;
}

export function VotingBody({ list, onVote, busy }: VotingBodyProps) {
  const pings = usePings(list.data.map((l) => l.hostname));
  return (
    <>
      <p className="location-countdown" role="status">
        {locationCountdownText(list.meta.remainingSeconds)}
      </p>
      <h3>Selectable locations</h3>
      <p className="muted">Click on the location you wish to vote for.</p>
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
                <span className="location-place">
                  <Flag code={l.flag} /> {l.city}, {l.country}
                </span>
                <span className="location-host muted">{l.hostname}</span>
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
