import { lazy, Suspense, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useStatistics } from '../../api/statistics';

// Loaded when opened.
const Scoreboard = lazy(async () => ({ default: (await import('./scoreboard-view')).Scoreboard }));

/** The Match Overview button (only once the statistics hold team data) and modal. */
export function MatchOverview({ matchId, signedIn }: { matchId: number; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const stats = useStatistics(matchId, signedIn);
  const data = stats.data;
  if (!data || (data.teams.firstTeam.players.length === 0 && data.teams.secondTeam.players.length === 0)) {
    return null;
  }
  return (
    <>
      <button type="button" className="button button-ghost" onClick={() => setOpen(true)}>
        Match Overview
      </button>
      {open && (
        <Modal title="Match Overview" onClose={() => setOpen(false)} className="modal-wide">
          <Suspense fallback={<p className="muted">Loading ...</p>}>
            <Scoreboard stats={data} />
          </Suspense>
        </Modal>
      )}
    </>
  );
}
