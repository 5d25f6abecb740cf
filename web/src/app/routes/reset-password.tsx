import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset-password?token=...: the mailed link's page; a new password, then on to sign in. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  return (
    <section className="card auth-card">
      <h1 className="card-title">Choose a new password</h1>
      {token === '' ? (
        <div className="form-alert" role="alert">
          <p>This page needs the link from the password reset mail.</p>
          <Link to="/forgot-password">Ask for a reset link</Link>
        </div>
      ) : (
        <ResetPasswordForm
          token={token}
          onSuccess={(message) => void navigate('/login', { replace: true, state: { notice: message } })}
        />
      )}
    </section>
  );
}
