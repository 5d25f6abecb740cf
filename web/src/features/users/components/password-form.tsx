import type { FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { useFormErrors } from '@/hooks/use-form-errors';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const;

/**
 * Password change: the current password and the new one (at least 8 characters). The server's messages show
 * under the fields they name, anything else (too many attempts, a failure) above the button.
 */
export function PasswordForm() {
  const change = useChangePassword();
  const { fieldProps, handleError, showFieldError, reset, formMessages } = useFormErrors(FIELDS);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = formText(data, 'password');
    if (password !== formText(data, 'passwordConfirmation')) {
      return showFieldError('passwordConfirmation', 'The passwords do not match.');
    }
    reset();
    change.mutate(
      { currentPassword: formText(data, 'currentPassword'), password },
      {
        onSuccess: (message) => {
          form.reset();
          notify.success(message);
        },
        onError: handleError,
      },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} aria-labelledby="password-title">
      <h2 id="password-title" className="section-title">
        Password
      </h2>
      <FormField
        label="Current password"
        {...fieldProps('currentPassword')}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormField
        label="New password"
        {...fieldProps('password')}
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
      />
      <FormField
        label="Repeat the new password"
        {...fieldProps('passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormError messages={formMessages} />
      <button type="submit" className="button button-primary" disabled={change.isPending}>
        Change password
      </button>
    </form>
  );
}
