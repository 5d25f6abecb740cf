import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors, type FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

/** Password change: the current password and the new one (at least 8 characters). */
export function PasswordForm() {
  const change = useChangePassword();
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = formText(data, 'password');
    if (password !== formText(data, 'passwordConfirmation')) {
      return setErrors({ passwordConfirmation: ['The passwords do not match.'] });
    }
    change.mutate(
      { currentPassword: formText(data, 'currentPassword'), password },
      {
        onSuccess: (message) => {
          setErrors({});
          form.reset();
          notify.success(message);
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          if (fields) setErrors(fields);
          else notify.error(errorMessage(err));
        },
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
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.[0]}
      />
      <FormField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        error={errors.password?.[0]}
      />
      <FormField
        label="Repeat the new password"
        name="passwordConfirmation"
        type="password"
        autoComplete="new-password"
        required
        error={errors.passwordConfirmation?.[0]}
      />
      <button type="submit" className="button button-primary" disabled={change.isPending}>
        Change password
      </button>
    </form>
  );
}
