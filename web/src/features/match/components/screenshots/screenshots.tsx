import { lazy, Suspense, useState } from 'react';
import { Modal } from '@/components/ui/modal';

// Loaded when opened.
const ScreenshotsBody = lazy(async () => ({ default: (await import('./screenshots-body')).ScreenshotsBody }));

/** The Screenshots button and modal (paginated, refreshable), for signed-in viewers. */
export function Screenshots({ matchId, canAskServer = false }: { matchId: number; canAskServer?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-ghost" onClick={() => setOpen(true)}>
        Screenshots
      </button>
      {open && (
        <Modal title="Screenshots" onClose={() => setOpen(false)} className="modal-wide">
          <Suspense fallback={<p className="muted">Loading ...</p>}>
            <ScreenshotsBody matchId={matchId} canAskServer={canAskServer} />
          </Suspense>
        </Modal>
      )}
    </>
  );
}
