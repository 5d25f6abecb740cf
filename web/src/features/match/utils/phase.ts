// The match room's phase bar: what is happening now, its clock, whose move it is and the viewer's own move.
// Pure: the room hands in what it already fetched (detail, veto, pick data, locations, flags) and the time.
import type { MatchDetail, StatusActions, VetoMatch } from '@versus/common/api/matches';
import { STATUS } from '@versus/common/match/statuses';
import type { PickData } from '@versus/common/realtime';
import type { LocationList } from '../api/locations';

/** The score trigger's title when the viewer's side answers the other side's score (server text). */
export const APPROVE_SCORE_TITLE = 'Approve score';

export interface PhaseInput {
  detail: Pick<MatchDetail, 'statusId' | 'teams' | 'readyDeadline' | 'scoreApprovalDeadline'> & {
    information: { statusName: string };
    /** How a finished or cancelled match ended: the bar says it beside the status name. */
    outcome?: { headline: string } | null;
  };
  userId: number | null;
  veto?: VetoMatch | undefined;
  pick?: PickData | undefined;
  locations?: LocationList | undefined;
  actions?: StatusActions | undefined;
  /** `buttonTitle` of the score trigger, when the viewer may act on the score. */
  scoreTitle?: string | null | undefined;
  /** Unix seconds. */
  nowSeconds: number;
}

export interface Phase {
  /** The status' name, as the server names it. */
  name: string;
  /** Seconds left on the current phase's clock, or null when it has none (or it ran out). */
  secondsLeft: number | null;
  /** Who is to move, in words ("player6 is banning a map"), or null. */
  turn: string | null;
  /** The viewer's own move ("ban a map"), or null when it is not their turn. */
  yourTurn: string | null;
}

/** Unix seconds of an ISO instant, or null. */
const isoSeconds = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso) / 1000);

const left = (deadline: number | null | undefined, now: number): number | null => {
  if (deadline === null || deadline === undefined) return null;
  const seconds = Math.floor(deadline - now);
  return seconds > 0 ? seconds : null;
};

function vetoPhase(veto: VetoMatch | undefined, userId: number | null, now: number) {
  const turn = veto?.vetoDetail;
  if (!veto || !turn) return { secondsLeft: null, turn: 'The veto is starting', yourTurn: null };
  const captain = [veto.challengerUser, veto.opponentUser].find((u) => u?.id === turn.userId);
  const verb = turn.step === 'pick' ? 'picking' : 'banning';
  return {
    secondsLeft: left(veto.timeRemaining, now),
    turn: `${captain?.username ?? 'N/A'} is ${verb} a map`,
    yourTurn: turn.userId === userId ? (turn.step === 'pick' ? 'pick a map' : 'ban a map') : null,
  };
}

function pickPhase(pick: PickData | undefined, username: string | null, now: number) {
  if (!pick || pick.pickerTeamId === null) return { secondsLeft: null, turn: null, yourTurn: null };
  const picker = pick.pickerTeamId === pick.challengerTeamId ? pick.challengerUser : pick.opponentUser;
  const name = picker?.username ?? 'N/A';
  return {
    secondsLeft: left(pick.timeRemaining, now),
    turn: `${name} is picking a player`,
    yourTurn: username !== null && picker?.username === username ? 'pick a player' : null,
  };
}

function readyTurn(detail: PhaseInput['detail']): string {
  const waiting = [detail.teams.challenger, detail.teams.opponent].filter((t) => !t.ready);
  if (waiting.length === 0) return 'Both teams are ready';
  return `Waiting for ${waiting.map((t) => t.name).join(' and ')} to ready up`;
}

/** The phase of the room for the viewer. */
export function matchPhase(input: PhaseInput): Phase {
  const { detail, userId, actions, nowSeconds: now } = input;
  const name = detail.information.statusName;
  const players = [...detail.teams.challenger.players, ...detail.teams.opponent.players];
  const username = players.find((p) => p.id === userId)?.username ?? null;
  const none = { name, secondsLeft: null, turn: null, yourTurn: null };
  switch (detail.statusId) {
    case STATUS.challenge:
      return {
        ...none,
        turn: `Waiting for ${detail.teams.opponent.name} to accept`,
        yourTurn: actions?.canAcceptMatch ? 'accept the challenge' : null,
      };
    case STATUS.readyUp:
      return {
        ...none,
        secondsLeft: left(isoSeconds(detail.readyDeadline), now),
        turn: readyTurn(detail),
        yourTurn: actions?.canSetReady ? 'ready up' : null,
      };
    case STATUS.mapVeto:
      return { name, ...vetoPhase(input.veto, userId, now) };
    case STATUS.playerSelect:
      return { name, ...pickPhase(input.pick, username, now) };
    case STATUS.locationSelect: {
      const meta = input.locations?.meta;
      const seconds = meta && meta.remainingSeconds > 0 ? meta.remainingSeconds : null;
      return {
        name,
        secondsLeft: seconds,
        turn: 'Everyone votes for a server location',
        yourTurn: meta?.canVote && meta.votedLocationId === null ? 'vote for a location' : null,
      };
    }
    case STATUS.inProgress:
      return { ...none, turn: 'Match live: connect to the server' };
    case STATUS.scoreEntered:
      return {
        ...none,
        secondsLeft: left(isoSeconds(detail.scoreApprovalDeadline), now),
        turn: 'Waiting for the score to be approved',
        yourTurn: input.scoreTitle === APPROVE_SCORE_TITLE ? 'approve the score' : null,
      };
    case STATUS.disputed:
      return { ...none, turn: 'An admin reviews the dispute' };
    case STATUS.finished:
    case STATUS.cancelled:
      // "Finished" alone hides a walkover, "Cancelled" a declined challenge: say how it ended.
      return { ...none, turn: detail.outcome?.headline ?? null };
    case STATUS.scheduled:
      return none;
  }
}

/** The tab title: the viewer's turn first, else the two teams. */
export function phaseTitle(phase: Phase, challenger: string, opponent: string): string {
  return phase.yourTurn ? `Your turn – ${phase.yourTurn} · Versus` : `${challenger} vs ${opponent} · Versus`;
}

/** "m:ss" for the phase clock, "h:mm:ss" from an hour (a score approval window). */
export function formatClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${s}` : `${String(m)}:${s}`;
}
