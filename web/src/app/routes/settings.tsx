import { Navigate } from 'react-router';
import { useMe } from '@/lib/auth/get-me';
import { SettingsPage } from '@/features/users/components/settings-page';

/** `/settings`: the signed-in user's settings; visitors go to sign in. */
export function SettingsRoute() {
  const { data: user, isPending } = useMe();
  if (isPending) return null;
  if (!user) return <Navigate to="/login" replace />;
  return <SettingsPage user={user} />;
}
