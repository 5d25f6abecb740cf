// Awarding a result: the machine's `result.award` command (common/src/match/award.ts) with the admin as
// actor, through the match runner, so the change is one transaction under the match's row lock and every
// follow-up of a result runs as for a played one (ratings but for a walkover, the bracket, the ladder
// standings, notifications, then the game server's release after commit).
import type { AwardOptions, AwardAnswer } from '@versus/common/api/results';
import type { awardBody } from '@versus/common/api/results';
import { AWARD_TEXTS, awardRefusal } from '@versus/common/match/award';
import type { ResultAward } from '@versus/common/match/commands';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { RESULT_DRAW, SIDE_CHALLENGER, SIDE_OPPONENT } from '@versus/common/match/state';
import type { MapScore } from '@versus/common/match/state';
import type { z } from 'zod';
import type { AppContext } from '../../core/app-context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { ValidationError } from '../../errors.ts';
import { actorOf, readMatch, runMatchCommand } from '../matches/index.ts';
import type { MatchRecord } from '../matches/index.ts';

type AwardBody = z.output<typeof awardBody>;

/** The played maps (play order) with the scores known so far: entered, else read from the game's log. */
function playedMaps(record: MatchRecord) {
  return record.maps
    .filter((m) => m.row?.mapOrder !== null && m.row?.mapOrder !== undefined)
    .sort((a, b) => (a.row?.mapOrder ?? 0) - (b.row?.mapOrder ?? 0))
    .flatMap((m) => (m.row ? [{ info: m, row: m.row }] : []));
}

export async function awardOptions(ctx: AppContext, matchId: number): Promise<AwardOptions> {
  const record = await readMatch(ctx, matchId);
  const match = record.state;
  const refusal = awardRefusal(match);
  return {
    matchId,
    canAward: refusal === null,
    refusal,
    challenger: { name: match.challenger.name },
    opponent: { name: match.opponent.name },
    drawsAllowed: match.settings.drawsAllowed,
    maxMapScore: match.settings.maxMapScore,
    maps: playedMaps(record).map(({ info, row }) => ({
      id: row.id,
      name: info.name,
      firstScore: row.firstScore ?? row.logFirstScore,
      secondScore: row.secondScore ?? row.logSecondScore,
    })),
  };
}

/** The sheet's match map ids as the machine's map ids, checked against the locked match's played maps. */
function mapScores(
  record: MatchRecord,
  sheet: NonNullable<Extract<AwardBody, { kind: 'result' }>['scores']>,
) {
  const played = playedMaps(record);
  return sheet.map((entry): MapScore => {
    const found = played.find((p) => p.row.id === entry.id);
    if (!found) throw new ValidationError({ scores: [MATCH_TEXTS.scoreMapsMismatch] });
    return { mapId: found.row.mapId, challengerScore: entry.firstScore, opponentScore: entry.secondScore };
  });
}

function toAward(record: MatchRecord, body: AwardBody): ResultAward {
  if (body.kind === 'walkover') {
    return {
      kind: 'walkover',
      absentSide: body.absent === 'challenger' ? SIDE_CHALLENGER : SIDE_OPPONENT,
      reason: body.reason,
    };
  }
  const winnerSide =
    body.winner === 'draw' ? RESULT_DRAW : body.winner === 'challenger' ? SIDE_CHALLENGER : SIDE_OPPONENT;
  const scores = body.scores && body.scores.length > 0 ? mapScores(record, body.scores) : null;
  return { kind: 'result', winnerSide, scores, reason: body.reason };
}

export async function awardResult(
  ctx: AppContext,
  admin: UserRow,
  matchId: number,
  body: AwardBody,
): Promise<AwardAnswer> {
  const outcome = await runMatchCommand(ctx, matchId, (_match, locked) => ({
    type: 'result.award',
    actor: actorOf(admin),
    award: toAward(locked.record, body),
  }));
  return { message: AWARD_TEXTS.awarded, data: { id: matchId, statusId: outcome.record.state.statusId } };
}
