import { useId } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  /** The question, which names the dialog ("Cancel match #12?"). */
  title: string;
  /** What happens if the user goes on. */
  message: string;
  confirmLabel: string;
  /** The safe way back; "No, go back" unless the question reads better with another word. */
  cancelLabel?: string;
  /** `danger` (the default) for what cannot be undone; `primary` for a weighty but ordinary step. */
  tone?: 'danger' | 'primary';
  /** While the action runs: the confirm button waits, so a second click cannot send it twice. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action that cannot be undone (cancelling or declining a match, disapproving a score, kicking
 * a member, leaving a team): an `alertdialog` named by its question and described by its message, whose first
 * button, focused on open, is the safe way back; Escape and a click outside also go back, and focus returns
 * to the button that asked.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'No, go back',
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" describedBy={messageId}>
      <p id={messageId}>{message}</p>
      <div className="modal-actions confirm-actions">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`button button-${tone}`}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
