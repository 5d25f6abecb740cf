// The stuck-match rule, pure (time is a parameter). Every status has something that moves it on: a clock
// (`MATCH_CLOCKS`, run by the deadline sweeper), a pending effect (the effects outbox), or a person who must
// act (a captain answering or approving, an admin ruling on a dispute), or for a match in progress a game
// server and its log. A match is stuck when that thing is missing or has not moved it for longer than a
// threshold: a wait on the platform after `minutes`, a wait on a person after `personHours`.
// The table of what moves each status on is in docs/admin.md#stuck-matches.
import { clockOf } from '@versus/common/match/clocks';
import type { MatchClockName } from '@versus/common/match/clocks';
import { isStatusId, STATUS, statusName } from '@versus/common/match/statuses';

/** The match as the rule reads it (epoch ms; null where unset). */
export interface StuckMatchView {
  id: number;
  statusId: number;
  /** A tournament match waits for its teams from earlier rounds while one is missing. */
  tournamentId: number | null;
  challengerTeamId: number | null;
  opponentTeamId: number | null;
  type: 'ladder' | 'tournament' | 'solo-queue';
  createdAt: number;
  /** The last committed change of the match (any command moves it). */
  updatedAt: number;
  scoreEnteredAt: number | null;
  clocks: Record<MatchClockName, number | null>;
}

/** An effect the match still owes the world (the effects outbox). */
export interface MatchEffectFact {
  kind: string;
  status: 'pending' | 'failed';
  lastError: string | null;
}

/** What the platform knows around the match besides its row. */
export interface StuckFacts {
  /** Since when the match waits for a free pool server (`game_server_waits`), or null. */
  serverWaitSince: number | null;
  /** The match's live game server (not destroyed), or null. */
  server: { status: 'STARTING' | 'ONLINE' | 'OFFLINE'; createdAt: number } | null;
  /** When the match's last log batch arrived, or null when none ever did. */
  lastLogBatchAt: number | null;
  effects: readonly MatchEffectFact[];
}

export interface StuckLimits {
  /** Waits on the platform (clock, server, log), ms. */
  machineMs: number;
  /** Waits on a person, ms. */
  personMs: number;
}

export interface StuckReason {
  /** Stable while the stall lasts: `<status id>:<kind>`; admins are told once per match and key. */
  key: string;
  reason: string;
  /** Since when the match has waited on what it is stuck on. */
  since: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "1 minute", "40 minutes", "5 hours", "2 days": the largest unit that reads naturally. */
export function formatWait(ms: number): string {
  const unit = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  if (ms < 2 * HOUR) return unit(Math.max(0, Math.floor(ms / MINUTE)), 'minute');
  if (ms < 2 * DAY) return unit(Math.floor(ms / HOUR), 'hour');
  return unit(Math.floor(ms / DAY), 'day');
}

/** Null when something still moves `match` on at `now`; else why it is stuck. */
export function whyStuck(
  match: StuckMatchView,
  now: number,
  facts: StuckFacts,
  limits: StuckLimits,
): StuckReason | null {
  if (!isStatusId(match.statusId)) return null;
  const statusId = match.statusId;
  if (statusId === STATUS.finished || statusId === STATUS.cancelled) return effectFailure(match, facts);
  const failed = effectFailure(match, facts);
  if (failed) return failed;
  // An effect still to be carried out moves the match on (the outbox retries it).
  if (facts.effects.some((e) => e.status === 'pending')) return null;

  const name = statusName(statusId);
  const stall = (kind: string, since: number, limit: number, reason: (waited: string) => string) =>
    now - since > limit
      ? { key: `${String(statusId)}:${kind}`, reason: reason(formatWait(now - since)), since }
      : null;

  switch (statusId) {
    case STATUS.challenge:
      return stall(
        'unanswered',
        match.createdAt,
        limits.personMs,
        (w) => `Challenge sent ${w} ago, not answered`,
      );
    case STATUS.inProgress:
      return inProgressStall(match, facts, limits, stall);
    case STATUS.disputed:
      return stall('unresolved', match.updatedAt, limits.personMs, (w) => `Disputed for ${w}, not resolved`);
    case STATUS.scoreEntered:
      if (match.clocks.scoreApprovalDeadline === null)
        return stall(
          'unapproved',
          match.scoreEnteredAt ?? match.updatedAt,
          limits.personMs,
          (w) => `Score entered ${w} ago, not approved`,
        );
      break;
    case STATUS.scheduled:
      // A bracket match waits for the winners of earlier matches (those are watched themselves).
      if (match.type === 'tournament' && (match.challengerTeamId === null || match.opponentTeamId === null))
        return null;
      break;
    case STATUS.readyUp:
    case STATUS.playerSelect:
    case STATUS.locationSelect:
    case STATUS.mapVeto:
      break;
  }
  const clock = clockOf(statusId);
  if (!clock) return null;
  const deadline = match.clocks[clock.clock];
  if (statusId === STATUS.scoreEntered && deadline !== null) {
    const entered = match.scoreEnteredAt ?? match.updatedAt;
    return stall(
      'clock-overdue',
      deadline,
      limits.machineMs,
      (w) =>
        `Score entered ${formatWait(now - entered)} ago, not approved: its approval deadline passed ${w} ago`,
    );
  }
  if (deadline === null)
    return stall(
      'clock-missing',
      match.updatedAt,
      limits.machineMs,
      (w) => `In ${name} for ${w} with no clock`,
    );
  return stall(
    'clock-overdue',
    deadline,
    limits.machineMs,
    (w) => `In ${name}: its clock ran out ${w} ago and nothing moved the match on`,
  );
}

function effectFailure(match: StuckMatchView, facts: StuckFacts): StuckReason | null {
  const failed = facts.effects.find((e) => e.status === 'failed');
  if (!failed) return null;
  return {
    key: `${String(match.statusId)}:effect-failed:${failed.kind}`,
    reason: `Effect '${failed.kind}' failed: ${failed.lastError ?? 'no error was recorded'}`,
    since: match.updatedAt,
  };
}

type Stall = (
  kind: string,
  since: number,
  limit: number,
  reason: (waited: string) => string,
) => StuckReason | null;

/**
 * In progress: the match waits for a pool server, then for its server's log (the score comes from it), and
 * without a server for the captains to enter the score.
 */
function inProgressStall(
  match: StuckMatchView,
  facts: StuckFacts,
  limits: StuckLimits,
  stall: Stall,
): StuckReason | null {
  if (facts.serverWaitSince !== null)
    return stall(
      'server-wait',
      facts.serverWaitSince,
      limits.machineMs,
      (w) => `Waiting for a game server for ${w}`,
    );
  const server = facts.server;
  if (server) {
    const offline = server.status === 'OFFLINE' ? '; its game server does not answer' : '';
    if (facts.lastLogBatchAt === null)
      return stall(
        'no-log',
        Math.max(server.createdAt, match.updatedAt),
        limits.machineMs,
        (w) => `Live for ${w} with no log batch${offline}`,
      );
    return stall(
      'log-silent',
      facts.lastLogBatchAt,
      limits.machineMs,
      (w) => `Live, but no log batch for ${w}${offline}`,
    );
  }
  return stall(
    'no-score',
    match.updatedAt,
    limits.personMs,
    (w) => `In progress for ${w} with no score entered`,
  );
}
