import { useId, useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { placeErrors } from '@/lib/api-error';
import { useOpenDispute } from '../../api/dispute';

/**
 * The Dispute dialog. A refused dispute (an empty or too long reason, a match no longer disputable, too
 * many requests) is said in the dialog, under the reason when it is about the reason, with the text kept;
 * the spec's "An error has occurred: ..." toast shows as well.
 */
export function DisputeModal({ matchId, onClose }: { matchId: number; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const open = useOpenDispute(matchId, onClose);
  const fieldId = useId();
  const errors = open.error ? placeErrors(open.error, ['description']) : null;
  const reasonError = errors?.byField.description?.[0];
  return (
    <Modal title="Dispute" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // No client-side length rule: the server decides, and its answer shows here.
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
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${fieldId}-error ${fieldId}-hint` : `${fieldId}-hint`}
          onChange={(e) => setReason(e.target.value)}
        />
        {reasonError && (
          <p id={`${fieldId}-error`} className="field-error">
            {reasonError}
          </p>
        )}
        <p id={`${fieldId}-hint`} className="muted">
          Describe the reason of the dispute.
        </p>
        <FormError messages={errors?.rest ?? []} />
        <div className="modal-actions">
          <button type="submit" className="button button-danger" disabled={open.isPending}>
            Open dispute
          </button>
        </div>
      </form>
    </Modal>
  );
}
