import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useInvitePlayer } from '../api/invite-player';

/** The captain's "invite by username" form. */
export function InviteForm({ slug }: { slug: string }) {
  const invite = useInvitePlayer(slug);
  const [error, setError] = useState<string | undefined>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    invite.mutate(formText(new FormData(form), 'username').trim(), {
      onSuccess: (message) => {
        setError(undefined);
        form.reset();
        notify.success(message);
      },
      onError: (err) => {
        const fields = fieldErrors(err);
        setError(fields?.username?.[0] ?? errorMessage(err));
      },
    });
  };

  return (
    <form className="form inline-form" onSubmit={handleSubmit}>
      <FormField
        label="Invite a player by username"
        name="username"
        required
        autoComplete="off"
        error={error}
      />
      <button type="submit" className="button button-primary" disabled={invite.isPending}>
        Invite
      </button>
    </form>
  );
}
