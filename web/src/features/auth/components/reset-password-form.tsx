import { PASSWORD_MAX, PASSWORD_MIN } from '@versus/common/api/field-limits';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors, type FieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { useResetPassword } from '../api/reset-password';

interface ResetPasswordFormProps {
  /** The token from the mailed link (`/reset-password?token=...`). */
  token: string;
  /** Called with the server's message once the new password is set. */
  onSuccess: (message: string) => void;
}

/** Chooses a new password with a mailed link. A spent, expired or wrong link is said in place. */
export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = formText(form, 'password');
    setFormError(null);
    if (password !== formText(form, 'passwordConfirmation')) {
      setErrors({ passwordConfirmation: ['The two passwords do not match.'] });
      return;
    }
    setErrors({});
    reset.mutate(
      { token, password },
      {
        onSuccess,
        onError: (err) => {
          const fields = fieldErrors(err);
          if (fields) setErrors(fields);
          else setFormError(errorMessage(err));
        },
      },
    );
  };

  const clear = (field: string) => setErrors((current) => ({ ...current, [field]: [] }));
  const linkProblem = errors.token?.[0];

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      {linkProblem && (
        <div className="form-alert" role="alert">
          <p>{linkProblem}</p>
          <Link to="/forgot-password">Ask for a new link</Link>
        </div>
      )}
      <FormField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        required
        error={errors.password?.[0]}
        onChange={() => clear('password')}
      />
      <FormField
        label="Confirm new password"
        name="passwordConfirmation"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
        error={errors.passwordConfirmation?.[0]}
        onChange={() => clear('passwordConfirmation')}
      />
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={reset.isPending}>
        Set new password
      </button>
    </form>
  );
}
