import { Navigate, useNavigate } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { LoginForm } from '@/features/auth/components/login-form';

/** /login: the sign-in page; a signed-in visitor goes home. */
export function LoginRoute() {
  const { data: user } = useMe();
  const navigate = useNavigate();
  if (user) return <Navigate to="/" replace />;
  return (
    <section className="card auth-card">
      <h1 className="card-title">Sign in</h1>
      <LoginForm onSuccess={() => void navigate('/', { replace: true })} />
    </section>
  );
}
