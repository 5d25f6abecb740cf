import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useMe } from '@/lib/auth/get-me';
import { LoginForm } from '@/features/auth/components/login-form';

/** What another page may hand the sign-in page to say (a password just reset). */
function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' ? state.notice : null;
}

/** /login: the sign-in page, with the ways in for those without a password; a signed-in visitor goes home. */
export function LoginRoute() {
  const { data: user } = useMe();
  const navigate = useNavigate();
  const notice = noticeOf(useLocation().state);
  if (user) return <Navigate to="/" replace />;
  return (
    <section className="card auth-card">
      <h1 className="card-title">Sign in</h1>
      {notice && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}
      <LoginForm onSuccess={() => void navigate('/', { replace: true })} />
      <ul className="auth-links">
        <li>
          <Link to="/forgot-password">Forgot your password?</Link>
        </li>
        <li>
          No account yet? <Link to="/register">Register</Link>
        </li>
      </ul>
    </section>
  );
}
