import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The app's not-found page: any path no route claims, and a page whose team, player, ladder, tournament,
 * ticket or match does not exist (`children` says which; the default names nothing in particular).
 */
export function NotFound({ children = 'There is nothing at this address.' }: { children?: ReactNode }) {
  return (
    <section className="card" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="card-title">
        Page not found
      </h1>
      <p>{children}</p>
      <Link className="button button-ghost" to="/">
        Back to the home page
      </Link>
    </section>
  );
}
