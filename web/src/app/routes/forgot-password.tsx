import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /forgot-password: asks for a password reset link by mail. */
export function ForgotPasswordRoute() {
  return (
    <section className="card auth-card">
      <h1 className="card-title">Forgot your password?</h1>
      <ForgotPasswordForm />
    </section>
  );
}
