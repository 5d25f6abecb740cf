import { Navigate, useNavigate } from 'react-router';
import { useMe } from '@/lib/auth/get-me';
import { CreateTeamForm } from '@/features/teams/components/create-team-form';

/** `/teams/new`: create a team and become its captain. */
export function NewTeamRoute() {
  const { data: user, isPending } = useMe();
  const navigate = useNavigate();
  if (isPending) return null;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <section className="card auth-card">
      <h1 className="card-title">Create a team</h1>
      <CreateTeamForm onCreated={(url) => void navigate(url)} />
    </section>
  );
}
