import { USERNAME_MAX } from '@versus/common/api/field-limits';
import type { FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { useFormErrors } from '@/hooks/use-form-errors';
import { formText } from '@/lib/form-data';
import { useRegister } from '../api/register';

const FIELDS = ['username', 'email', 'password'] as const;

interface RegisterFormProps {
  onSuccess: () => void;
}

/** The registration form; the server validates and signs the new user in. */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const register = useRegister();
  const { fieldProps, handleError, reset, formMessages } = useFormErrors(FIELDS);

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
        {...fieldProps('username')}
        autoComplete="username"
        maxLength={USERNAME_MAX}
        required
      />
      <FormField label="Email" {...fieldProps('email')} type="email" autoComplete="email" required />
      <FormField
        label="Password"
        {...fieldProps('password')}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormError messages={formMessages} />
      <button type="submit" className="button button-primary" disabled={register.isPending}>
        Create account
      </button>
    </form>
  );
}
