import type { FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { formText } from '@/lib/form-data';
import { useRegister } from '../api/register';
import { useServerErrors } from '../hooks/use-server-errors';

const FIELDS = ['username', 'email', 'password'] as const;

interface RegisterFormProps {
  onSuccess: () => void;
}

/** The registration form; the server validates and signs the new user in. */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const register = useRegister();
  const { errorFor, handleError, clearError, reset } = useServerErrors(FIELDS);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    reset();
    register.mutate(
      {
        username: formText(form, 'username'),
        email: formText(form, 'email'),
        password: formText(form, 'password'),
      },
      { onSuccess, onError: handleError },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        maxLength={20}
        required
        error={errorFor('username')}
        onChange={() => clearError('username')}
      />
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={errorFor('email')}
        onChange={() => clearError('email')}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        error={errorFor('password')}
        onChange={() => clearError('password')}
      />
      <button type="submit" className="button button-primary" disabled={register.isPending}>
        Create account
      </button>
    </form>
  );
}
