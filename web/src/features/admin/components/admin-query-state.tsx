import { errorStatus } from '@/lib/api-error';

/** What an admin page shows while its data loads or when it could not be read. */
export function AdminQueryState({ error, what }: { error: Error | null; what: string }) {
  if (!error) return <p className="muted">Loading ...</p>;
  return (
    <p role="alert">
      {errorStatus(error) === 403 ? 'Only admins can see this page.' : `${what} could not be loaded.`}
    </p>
  );
}
