import { STATUS } from '@versus/common/match/statuses';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { notify } from '@/lib/notify';
import { takeFlash } from '../api/status-commands';
import { errorStatus } from '@/lib/api-error';
import { useMatchDetail } from '../api/get-match-detail';
import { usePickData } from '../api/get-pick-data';
import { useLocations } from '../api/locations';
import { useAnticheat, useMatchPlayers } from '../api/players';
import { useCanSubmitScore } from '../api/score';
import { useStatusActions } from '../api/get-status-actions';
import { useVetoMatch } from '../api/get-veto-match';
import { useMatchLive, type ReloadPage } from '../hooks/use-match-live';
import { vetoSummary } from '../utils/veto-summary';
import { ChatPanel } from './chat/chat-panel';
import { InformationTiles } from './detail/information-tiles';
import { RatingBreakdown } from './detail/rating-breakdown';
import { ScoreHeader } from './detail/score-header';
import { StatusButtons } from './detail/status-buttons';
import { TeamPanel } from './detail/team-panel';
import { MapVetoPanel } from './veto/map-veto-panel';
import { DisputeControl } from './dispute/dispute-control';
import { LocationVoting } from './location/location-voting-modal';
import { MatchOverview } from './overview/match-overview';
import { PhaseBar } from './phase/phase-bar';
import { MatchResult } from './result/match-result';
import { PickModal } from './pick/pick-modal';
import { SubmitScore } from './score/submit-score';
import { Screenshots } from './screenshots/screenshots';
import { LineupEditor } from './lineup/lineup-editor';
import { SchedulePanel } from './schedule/schedule-panel';
import { LiveScore } from './server/live-score';
import { MatchServerBox } from './server/match-server-box';
import { AddSub } from './subs/add-sub';
import '@/styles/match-panels.css';
import '@/styles/results.css';
import { NotFound } from '@/components/ui/not-found';

interface MatchPageProps {
  matchId: number;
  /** The signed-in user's id; null for a visitor. */
  userId: number | null;
  /** Admins may read every match's screenshots (the server lets them), so they get the button too. */
  isAdmin?: boolean;
  reload?: ReloadPage;
}

const reloadWindow: ReloadPage = () => window.location.reload();

/**
 * The match room, player first: the phase bar (status, clock, whose move, the viewer's move and buttons),
 * then the panel of the current phase (the veto grid in the veto, the connect block while playing; the
 * picker and the location vote open as dialogs of their own), then the rest: tools, both rosters, the
 * information tiles. Each resource is fetched once here and handed to the panels as props, so no widget
 * fetches what another already has; live events update the same cache entries.
 */
export function MatchPage({ matchId, userId, isAdmin = false, reload = reloadWindow }: MatchPageProps) {
  const detail = useMatchDetail(matchId);
  const statusId = detail.data?.statusId;
  const signedIn = userId !== null;
  const actions = useStatusActions(matchId);
  const veto = useVetoMatch(matchId);
  const live = useMatchLive(matchId, reload, { userId, isAdmin });
  // Same queries (and cache entries) as the picker's, the location vote's and the score trigger's: the
  // phase bar reads them without a request of its own.
  const pick = usePickData(matchId, statusId === STATUS.playerSelect);
  const locations = useLocations(matchId, statusId === STATUS.locationSelect);
  const score = useCanSubmitScore(matchId, signedIn && statusId === STATUS.scoreEntered);
  // The first render shows the phase, the score and the veto grid only; every other panel (and its
  // requests) follows in a second, deferred render, so the grid is not held up by the rest of the room.
  const complete = useDeferredValue(true, false);
  const players = useMatchPlayers(matchId, complete);
  const anticheat = useAnticheat(matchId, complete && statusId === STATUS.inProgress);
  // A toast the page left before reloading (a cancellation reloads every tab, the cancelling one too).
  useEffect(() => {
    const flash = takeFlash();
    if (flash) notify.success(flash);
  }, []);

  if (detail.isPending) return <p className="muted">Loading match ...</p>;
  if (detail.isError) {
    if (errorStatus(detail.error) === 404) return <NotFound>Match not found.</NotFound>;
    return <p role="alert">The match could not be loaded.</p>;
  }
  const match = detail.data;
  const { challenger, opponent } = match.teams;
  const onRoster = [...challenger.players, ...opponent.players].some((p) => p.id === userId);
  const summary = veto.data ? vetoSummary(veto.data) : null;
  const mapNames = Object.fromEntries(veto.data?.maps.map((m) => [m.map.name_cmd, m.map.name]) ?? []);
  const inVeto = match.statusId === STATUS.mapVeto;
  const playing = match.statusId === STATUS.inProgress;

  // One element wherever the phase puts it (beside the veto grid, or last): keyed, so moving it at the
  // veto's start keeps the chat mounted and its presence channel joined (Online users stay filled).
  const vetoAndChat: ReactNode = (
    <div className="match-columns" key="veto-and-chat">
      {veto.data && (
        <MapVetoPanel match={veto.data} userId={userId} newMatchHandling={match.newMatchHandling} />
      )}
      {complete && <ChatPanel matchId={matchId} canType={match.canType} signedIn={signedIn} />}
    </div>
  );
  const connect: ReactNode = (
    <>
      <MatchServerBox
        matchId={matchId}
        statusId={match.statusId}
        summary={summary}
        mapNames={mapNames}
        decidedBy={match.locationDecidedBy}
        isAdmin={isAdmin}
      />
      {(playing || match.statusId === STATUS.scoreEntered) && (
        <LiveScore matchId={matchId} names={{ challenger: challenger.name, opponent: opponent.name }} />
      )}
    </>
  );

  return (
    <div className="match-page" data-live={live}>
      <h1 className="visually-hidden">
        Match {challenger.name} vs {opponent.name}
      </h1>
      <PhaseBar
        input={{
          detail: match,
          userId,
          veto: veto.data,
          pick: pick.data,
          locations: locations.data,
          actions: actions.data,
          scoreTitle: score.data?.canSubmit ? score.data.buttonTitle : null,
        }}
      >
        {complete && actions.data && <StatusButtons matchId={matchId} actions={actions.data} />}
      </PhaseBar>
      <ScoreHeader score={match.score} />
      {match.outcome && (
        <MatchResult
          outcome={match.outcome}
          names={{ challenger: challenger.name, opponent: opponent.name }}
        />
      )}
      {summary && (
        <p className="veto-summary-line">
          <span className="visually-hidden">Maps: </span>
          {summary}
        </p>
      )}
      {inVeto && vetoAndChat}
      {complete && (
        <>
          {playing && connect}
          <div className="match-tools" role="group" aria-label="Match tools">
            <PickModal matchId={matchId} statusId={match.statusId} userId={userId} />
            <LocationVoting matchId={matchId} statusId={match.statusId} />
            <SubmitScore matchId={matchId} signedIn={signedIn} />
            <DisputeControl matchId={matchId} signedIn={signedIn} />
            <AddSub matchId={matchId} signedIn={signedIn} />
            {(onRoster || isAdmin) && (
              <Screenshots
                matchId={matchId}
                canAskServer={
                  isAdmin ||
                  (playing &&
                    userId !== null &&
                    (veto.data?.challengerUser?.id === userId || veto.data?.opponentUser?.id === userId))
                }
              />
            )}
            <MatchOverview matchId={matchId} signedIn={signedIn} />
          </div>
          {match.type !== 'solo-queue' && <SchedulePanel matchId={matchId} />}
          {match.type !== 'solo-queue' && <LineupEditor matchId={matchId} signedIn={signedIn} />}
          {!playing && connect}
          <div className="match-teams">
            <TeamPanel
              team={challenger}
              type={match.type}
              statusId={match.statusId}
              role="Challenger"
              anticheat={anticheat.data}
              listed={players.data?.challenger}
              report={userId === null ? undefined : { matchId, viewerId: userId }}
            />
            <TeamPanel
              team={opponent}
              type={match.type}
              statusId={match.statusId}
              role="Opponent"
              anticheat={anticheat.data}
              listed={players.data?.opponent}
              report={userId === null ? undefined : { matchId, viewerId: userId }}
            />
          </div>
          {/* A match that ended without moving ratings (a walkover, a cancellation) has none to break down. */}
          {(match.outcome === null || match.outcome.rated) && (
            <RatingBreakdown
              matchId={matchId}
              winProbability={match.winProbability}
              names={{ challenger: challenger.name, opponent: opponent.name }}
            />
          )}
          <InformationTiles information={match.information} />
        </>
      )}
      {!inVeto && vetoAndChat}
    </div>
  );
}
