import { Link } from 'react-router';

/** Any path no route claims. */
export function NotFoundRoute() {
  return (
    <section className="card">
      <h1 className="card-title">Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link className="button button-ghost" to="/">
        Back to the home page
      </Link>
    </section>
  );
}
