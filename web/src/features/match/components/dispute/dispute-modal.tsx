import { useId, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useOpenDispute } from '../../api/dispute';

export function DisputeModal({ matchId, onClose }: { matchId: number; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const open = useOpenDispute(matchId, onClose);
  const fieldId = useId();
  return (
    <Modal title="Dispute" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // Spec section 5: no client-side length rule, the server decides.
          open.mutate(reason);
        }}
      >
        <label className="form-label" htmlFor={fieldId}>
          Dispute reason
        </label>
        <textarea
          id={fieldId}
          className="input"
          rows={5}
          value={reason}
          aria-describedby={`${fieldId}-hint`}
          onChange={(e) => setReason(e.target.value)}
        />
        <p id={`${fieldId}-hint`} className="muted">
          Describe the reason of the dispute.
        </p>
        <div className="modal-actions">
          <button type="submit" className="button button-danger" disabled={open.isPending}>
            Open dispute
          </button>
        </div>
      </form>
    </Modal>
  );
}
