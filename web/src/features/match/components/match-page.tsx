import { useDeferredValue } from 'react';
import { errorStatus } from '@/lib/api-error';
import { useMatchDetail } from '../api/get-match-detail';
import { useAnticheat } from '../api/players';
import { useStatusActions } from '../api/get-status-actions';
import { useVetoMatch } from '../api/get-veto-match';
import { useMatchLive, type ReloadPage } from '../hooks/use-match-live';
import { ChatPanel } from './chat/chat-panel';
import { InformationTiles } from './detail/information-tiles';
import { ScoreHeader } from './detail/score-header';
import { StatusButtons } from './detail/status-buttons';
import { TeamPanel } from './detail/team-panel';
import { MapVetoPanel } from './veto/map-veto-panel';
import { DisputeControl } from './dispute/dispute-control';
import { LocationVoting } from './location/location-voting-modal';
import { MatchOverview } from './overview/match-overview';
import { PlayerPicker } from './picker/player-picker-modal';
import { PlayerList } from './players/player-list';
import { SubmitScore } from './score/submit-score';
import { Screenshots } from './screenshots/screenshots';
import { MatchServerBox } from './server/match-server-box';
import { AddSub } from './subs/add-sub';
import '@/styles/match-panels.css';

interface MatchPageProps {
  matchId: number;
  /** The signed-in user's id; null for a visitor. */
  userId: number | null;
  reload?: ReloadPage;
}

const reloadWindow: ReloadPage = () => window.location.reload();

/**
 * The match room. Each resource is fetched once here and handed to the panels as props, so no widget
 * fetches what another already has; live events update the same cache entries.
 */
export function MatchPage({ matchId, userId, reload = reloadWindow }: MatchPageProps) {
  const detail = useMatchDetail(matchId);
  const actions = useStatusActions(matchId);
  const veto = useVetoMatch(matchId);
  const live = useMatchLive(matchId, reload);
  // Same query (and cache entry) as the player list's, so the badges cost one request per 30 s.
  const anticheat = useAnticheat(matchId, detail.data?.statusId === 4);
  // The first render shows the score and the veto grid only; every other panel (and its requests)
  // follows in a second, deferred render, so the grid is not held up by the rest of the room.
  const complete = useDeferredValue(true, false);

  if (detail.isPending) return <p className="muted">Loading match ...</p>;
  if (detail.isError) {
    return (
      <p role="alert">
        {errorStatus(detail.error) === 404 ? 'Match not found.' : 'The match could not be loaded.'}
      </p>
    );
  }
  const match = detail.data;
  const signedIn = userId !== null;
  const onRoster = [...match.teams.challenger.players, ...match.teams.opponent.players].some(
    (p) => p.id === userId,
  );
  return (
    <div className="match-page" data-live={live}>
      <h1 className="visually-hidden">
        Match {match.teams.challenger.name} vs {match.teams.opponent.name}
      </h1>
      <ScoreHeader score={match.score} />
      {complete && (
        <>
          {actions.data && <StatusButtons matchId={matchId} actions={actions.data} />}
          <div className="match-tools" role="group" aria-label="Match tools">
            <PlayerPicker matchId={matchId} statusId={match.statusId} />
            <LocationVoting matchId={matchId} statusId={match.statusId} />
            <SubmitScore matchId={matchId} signedIn={signedIn} />
            <DisputeControl matchId={matchId} signedIn={signedIn} />
            <AddSub matchId={matchId} signedIn={signedIn} />
            {onRoster && <Screenshots matchId={matchId} />}
            <MatchOverview matchId={matchId} signedIn={signedIn} />
          </div>
          <InformationTiles information={match.information} />
          <MatchServerBox matchId={matchId} statusId={match.statusId} />
          <div className="match-teams">
            <TeamPanel
              team={match.teams.challenger}
              type={match.type}
              statusId={match.statusId}
              role="Challenger"
              anticheat={anticheat.data}
            />
            <TeamPanel
              team={match.teams.opponent}
              type={match.type}
              statusId={match.statusId}
              role="Opponent"
              anticheat={anticheat.data}
            />
          </div>
          <PlayerList
            matchId={matchId}
            statusId={match.statusId}
            challengerName={match.teams.challenger.name}
            opponentName={match.teams.opponent.name}
          />
        </>
      )}
      <div className="match-columns">
        {veto.data && (
          <MapVetoPanel match={veto.data} userId={userId} newMatchHandling={match.newMatchHandling} />
        )}
        {complete && (
          <ChatPanel matchId={matchId} canType={match.canType ?? false} signedIn={userId !== null} />
        )}
      </div>
    </div>
  );
}
