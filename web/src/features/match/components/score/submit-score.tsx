import { lazy, Suspense, useState } from 'react';
import { useCanSubmitScore } from '../../api/score';

// Loaded when opened: most visits never open it.
const ScoreModal = lazy(async () => ({ default: (await import('./score-modal')).ScoreModal }));

/** The Submit Score trigger (its text from the server) and modal, for those who may submit, edit or answer. */
export function SubmitScore({ matchId, signedIn }: { matchId: number; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const eligibility = useCanSubmitScore(matchId, signedIn);
  if (!eligibility.data?.canSubmit) return null;
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        {eligibility.data.buttonTitle}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ScoreModal matchId={matchId} title={eligibility.data.popupTitle} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
