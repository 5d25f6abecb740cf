import { Navigate } from 'react-router';
import { useMe } from '@/lib/auth/get-me';
import { AdminLayout } from '@/features/admin/components/admin-layout';

/**
 * `/admin` and its pages: admins only in the UI, menu included (the server refuses everyone else on every
 * admin call).
 */
export function AdminRoute() {
  const { data: user, isPending } = useMe();
  if (isPending) return null;
  if (!user) return <Navigate to="/login" replace />;
  if (user.role !== 'admin') return <p>Only admins can see this page.</p>;
  return <AdminLayout />;
}
