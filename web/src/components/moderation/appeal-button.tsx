import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { placeErrors } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useAppealBan } from './report-api';

/**
 * "Appeal" on a banned player's own profile: a dialog asking why the ban should be lifted. The moderators
 * see the appeal beside the ban; a refusal (already appealed, no text) is said in the dialog.
 */
export function AppealButton() {
  const [open, setOpen] = useState(false);
  const appeal = useAppealBan();
  const [text, setText] = useState('');
  const errors = appeal.error ? placeErrors(appeal.error, ['text']) : null;
  const textError = errors?.byField.text?.[0];
  const close = () => {
    setOpen(false);
    appeal.reset();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    appeal.mutate(text, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        close();
      },
    });
  };
  return (
    <>
      <button type="button" className="button button-ghost button-small" onClick={() => setOpen(true)}>
        Appeal
      </button>
      {open && (
        <Modal title="Appeal your ban" onClose={close}>
          <form className="form" onSubmit={handleSubmit}>
            <TextAreaField
              label="Why should the ban be lifted?"
              rows={5}
              value={text}
              error={textError}
              onChange={(e) => setText(e.target.value)}
            />
            <FormError messages={errors?.rest ?? []} />
            <div className="modal-actions">
              <button type="button" className="button button-ghost" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="button button-primary" disabled={appeal.isPending}>
                Send appeal
              </button>
            </div>
          </form>
        </Modal>
      )}
    </>
  );
}
