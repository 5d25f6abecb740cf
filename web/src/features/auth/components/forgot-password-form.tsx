import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors } from '@/lib/api-error';
import { formText } from '@/lib/form-data';
import { useRequestPasswordReset } from '../api/request-password-reset';

/**
 * "Forgot your password?": asks for a reset link by email address or username. The server answers the
 * same whether or not an account matches; that answer replaces the form. Errors show in place.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const emailOrUsername = formText(new FormData(event.currentTarget), 'emailOrUsername').trim();
    setFieldError(undefined);
    setFormError(null);
    request.mutate(
      { emailOrUsername },
      {
        onError: (err) => {
          const field = fieldErrors(err)?.emailOrUsername?.[0];
          if (field) setFieldError(field);
          else setFormError(errorMessage(err));
        },
      },
    );
  };

  if (request.isSuccess) {
    return (
      <div className="form">
        <p role="status">{request.data}</p>
        <p className="muted">The link works once and for a limited time. No mail? Check your spam folder.</p>
        <Link to="/login">Back to sign in</Link>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <p className="muted">
        Enter the email address or username of your account: we mail you a link to choose a new password.
      </p>
      <FormField
        label="Email or username"
        name="emailOrUsername"
        autoComplete="username"
        required
        error={fieldError}
        onChange={() => setFieldError(undefined)}
      />
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={request.isPending}>
        Send reset link
      </button>
      <Link to="/login">Back to sign in</Link>
    </form>
  );
}
