import { useId } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  /** What happens if the user goes on. */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action that cannot be undone (cancelling or declining a match, disapproving a score): an
 * `alertdialog` whose first button, focused on open, is the safe way back; Escape also goes back.
 */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" describedBy={messageId}>
      <p id={messageId}>{message}</p>
      <div className="modal-actions confirm-actions">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          No, go back
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
