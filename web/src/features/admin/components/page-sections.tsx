import { Link } from 'react-router';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';

/** A long admin page's sections as links to each (`id` of the section, its title), under the page title. */
export function PageSections({ sections }: { sections: readonly (readonly [id: string, title: string])[] }) {
  useScrollToHash(true);
  return (
    <nav className="admin-sections" aria-label="On this page">
      {sections.map(([id, title]) => (
        <Link key={id} to={{ hash: id }}>
          {title}
        </Link>
      ))}
    </nav>
  );
}
