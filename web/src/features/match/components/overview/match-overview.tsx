import type { MatchStatisticsView } from '@versus/common/stats/statistics';
import { lazy, Suspense, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useStatistics } from '../../api/statistics';
import { DemosList } from '@/components/demos-list';

// Loaded when opened.
const Scoreboard = lazy(async () => ({ default: (await import('./scoreboard-view')).Scoreboard }));

/** Whether the statistics hold team data: a player listed on either side (played maps or not). */
export function hasTeamData(stats: MatchStatisticsView): boolean {
  return stats.teams.firstTeam.players.length + stats.teams.secondTeam.players.length > 0;
}

/**
 * The Match Overview button and modal. The button shows once team data exists; before a map was played the
 * scoreboard lists the players with dashes (nothing measured yet).
 */
export function MatchOverview({ matchId, signedIn }: { matchId: number; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const stats = useStatistics(matchId, signedIn);
  const data = stats.data;
  if (!data || !hasTeamData(data)) return null;
  return (
    <>
      <button type="button" className="button button-ghost" onClick={() => setOpen(true)}>
        Match Overview
      </button>
      {open && (
        <Modal title="Match Overview" onClose={() => setOpen(false)} className="modal-wide">
          <Suspense fallback={<p className="muted">Loading ...</p>}>
            <Scoreboard stats={data} matchId={matchId} />
          </Suspense>
          {signedIn && <DemosList matchId={matchId} />}
        </Modal>
      )}
    </>
  );
}
