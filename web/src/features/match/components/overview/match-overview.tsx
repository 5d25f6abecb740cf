import { lazy, Suspense, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useStatistics } from '../../api/statistics';

// Loaded when opened.
const Scoreboard = lazy(async () => ({ default: (await import('./scoreboard-view')).Scoreboard }));

/** The Match Overview button (only once the statistics have played maps) and modal. */
export function MatchOverview({ matchId, signedIn }: { matchId: number; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const stats = useStatistics(matchId, signedIn);
  const data = stats.data;
  // Only once the statistics hold a played map: before that the tables would be all dashes.
  if (!data || data.mapsPlayed.length === 0) return null;
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
