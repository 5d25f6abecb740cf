// The tournament round window a match's times must fall in (docs/scheduling.md), read inside the command's
// transaction (under the match row lock) or for the Schedule panel.
import { and, eq } from 'drizzle-orm';
import type { ScheduleWindow } from '@versus/common/match/state';
import type { Db, Tx } from '../../../db/client.ts';
import { tournamentRoundWindows } from '../../../db/schema/index.ts';
import type { MatchRow } from '../../../db/schema/index.ts';

export async function roundWindowOf(
  db: Db | Tx,
  row: Pick<MatchRow, 'tournamentId' | 'tournamentRound'>,
): Promise<ScheduleWindow | null> {
  if (row.tournamentId === null || row.tournamentRound === null) return null;
  const [window] = await db
    .select({ opens: tournamentRoundWindows.opensAt, deadline: tournamentRoundWindows.deadline })
    .from(tournamentRoundWindows)
    .where(
      and(
        eq(tournamentRoundWindows.tournamentId, row.tournamentId),
        eq(tournamentRoundWindows.round, row.tournamentRound),
      ),
    );
  return window ? { opens: window.opens.getTime(), deadline: window.deadline.getTime() } : null;
}
