import { Link, useRouteError } from 'react-router';

/** Shown instead of React Router's developer screen when a page throws while rendering. */
export function RouteErrorRoute() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="page">
      <section className="card">
        <h1 className="card-title">Something went wrong</h1>
        <p>This page failed to load. Reloading usually helps.</p>
        <Link className="button button-ghost" to="/">
          Back to the home page
        </Link>
      </section>
    </main>
  );
}
