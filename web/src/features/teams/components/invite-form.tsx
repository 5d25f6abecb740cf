import type { FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { useFormErrors } from '@/hooks/use-form-errors';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useInvitePlayer } from '../api/invite-player';

const FIELDS = ['username'] as const;

/** The captain's "invite by username" form: a refusal under the username, or beside the button. */
export function InviteForm({ slug }: { slug: string }) {
  const invite = useInvitePlayer(slug);
  const { fieldProps, handleError, reset, formMessages } = useFormErrors(FIELDS);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    reset();
    invite.mutate(formText(new FormData(form), 'username').trim(), {
      onSuccess: (message) => {
        form.reset();
        notify.success(message);
      },
      onError: handleError,
    });
  };

  return (
    <form className="form inline-form" onSubmit={handleSubmit}>
      <FormField
        label="Invite a player by username"
        {...fieldProps('username')}
        required
        autoComplete="off"
      />
      <button type="submit" className="button button-primary" disabled={invite.isPending}>
        Invite
      </button>
      <FormError messages={formMessages} />
    </form>
  );
}
