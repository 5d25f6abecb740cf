import type { FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { useFormErrors } from '@/hooks/use-form-errors';
import { formText } from '@/lib/form-data';
import { useLogin } from '../api/login';

const FIELDS = ['username', 'password'] as const;

interface LoginFormProps {
  onSuccess: () => void;
}

/** The sign-in form; field errors come from the server's 422 answer. */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const login = useLogin();
  const { fieldProps, handleError, reset, formMessages } = useFormErrors(FIELDS);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    reset();
    login.mutate(
      { username: formText(form, 'username'), password: formText(form, 'password') },
      { onSuccess, onError: handleError },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <FormField label="Username" {...fieldProps('username')} autoComplete="username" required />
      <FormField
        label="Password"
        {...fieldProps('password')}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormError messages={formMessages} />
      <button type="submit" className="button button-primary" disabled={login.isPending}>
        Sign in
      </button>
    </form>
  );
}
