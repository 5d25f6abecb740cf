import { Navigate, useNavigate } from 'react-router';
import { useMe } from '@/lib/auth/get-me';
import { RegisterForm } from '@/features/auth/components/register-form';

/** /register: account creation; a signed-in visitor goes home. */
export function RegisterRoute() {
  const { data: user } = useMe();
  const navigate = useNavigate();
  if (user) return <Navigate to="/" replace />;
  return (
    <section className="card auth-card">
      <h1 className="card-title">Register</h1>
      <RegisterForm onSuccess={() => void navigate('/', { replace: true })} />
    </section>
  );
}
